import type { LoaderFunctionArgs } from 'react-router';
import { RouteStatusError } from '../../app/route-status-error';
import type { Guards } from '../../app/guards';

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

/**
 * The route's loader: an unknown slug is the investor 404 page, and so is an organisation view while
 * organisation links are off. Whether the record is the investor's is the server's answer (404).
 */
export function profileSlugLoader(guards: Guards) {
  const organisations = guards.investorFeature('organisationLinks');
  return async (args: LoaderFunctionArgs) => {
    const parsed = parseProfileSlug(args.params.slug);
    if (!parsed) throw new RouteStatusError(404, 'Not found.');
    if (parsed.kind.startsWith('organisation')) await organisations(args);
    return null;
  };
}
