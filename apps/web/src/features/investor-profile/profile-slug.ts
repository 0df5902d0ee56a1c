/**
 * The profile views named by a record (spec §2.2): /investor/profile/organisation_{id},
 * organisation-documents_{id}, investmentmethod_{id} and investmentmethod-documents_{id}. React Router
 * cannot match part of a segment, so one route takes the slug and this resolves it.
 */
export const PROFILE_RECORD_KINDS = [
  'organisation',
  'organisation-documents',
  'investmentmethod',
  'investmentmethod-documents',
] as const;
export type ProfileRecordKind = (typeof PROFILE_RECORD_KINDS)[number];

export interface ProfileRecordSlug {
  kind: ProfileRecordKind;
  id: number;
}

const SLUG =
  /^(organisation|organisation-documents|investmentmethod|investmentmethod-documents)_([1-9][0-9]{0,15})$/;

/** The view and record a slug names, or undefined for a slug that names none (the 404 page). */
export function parseProfileSlug(slug: string | undefined): ProfileRecordSlug | undefined {
  const match = SLUG.exec(slug ?? '');
  if (!match?.[1] || !match[2]) return undefined;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { kind: match[1] as ProfileRecordKind, id } : undefined;
}

export const profileSlugPath = (kind: ProfileRecordKind, id: number) => `/investor/profile/${kind}_${id}`;
