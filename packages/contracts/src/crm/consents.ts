import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import { personRefSchema } from './subjects';

/** Investor consent (DOMAIN.md): an append-only log of consents given and withdrawn, with the wording. */
export const CONSENT_KINDS = ['marketing', 'data_sharing', 'electronic_communication'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_LABELS: Record<ConsentKind, string> = {
  marketing: 'Marketing',
  data_sharing: 'Data sharing',
  electronic_communication: 'Electronic communication',
};

export interface ConsentWording {
  readonly kind: ConsentKind;
  readonly version: string;
  readonly text: string;
}

export const CONSENT_WORDING_VERSION = '2024-01';

/** Every wording ever shown, so each log entry can say which version it was; only the current may be given. */
export const CONSENT_WORDINGS: readonly ConsentWording[] = [
  {
    kind: 'marketing',
    version: '2024-01',
    text: 'I agree to receive news, investment opportunities and event invitations by email, phone and post. I can withdraw this consent at any time from my profile or by contacting you, and withdrawing it will not affect my investments.',
  },
  {
    kind: 'data_sharing',
    version: '2024-01',
    text: 'I agree that my personal data may be shared with the companies and funds I invest in, their registrars and nominees, and the professional advisers involved, so far as needed to process and administer my investments. My data will be handled under the UK GDPR and the privacy notice.',
  },
  {
    kind: 'electronic_communication',
    version: '2024-01',
    text: 'I agree to receive documents, statements, tax certificates and notices electronically, by email or through the investor portal, instead of on paper. I can ask for paper copies at any time.',
  },
];

export const currentConsentWording = (kind: ConsentKind) =>
  CONSENT_WORDINGS.find((wording) => wording.kind === kind && wording.version === CONSENT_WORDING_VERSION);

export const consentSchema = z
  .object({
    id: idSchema,
    investor_id: idSchema,
    kind: z.enum(CONSENT_KINDS),
    given: z.boolean(),
    /** the words shown when it was given or withdrawn */
    wording: z.string(),
    /** the version of that wording, when it is one of ours */
    wording_version: z.string().nullable(),
    recorded_by: personRefSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Consent' });
export type Consent = z.infer<typeof consentSchema>;

export const consentStateSchema = z
  .object({
    kind: z.enum(CONSENT_KINDS),
    /** null when never asked */
    given: z.boolean().nullable(),
    /** the current wording, to show beside the choice */
    wording: z.string(),
    wording_version: z.string(),
    /** the latest entry of this kind */
    latest: consentSchema.nullable(),
  })
  .meta({ id: 'ConsentState' });
export type ConsentState = z.infer<typeof consentStateSchema>;

export const consentsSchema = z
  .object({
    /** one per kind, in CONSENT_KINDS order */
    current: z.array(consentStateSchema),
    /** every entry, newest first */
    log: z.array(consentSchema),
  })
  .meta({ id: 'Consents' });
export type Consents = z.infer<typeof consentsSchema>;

/** A consent given or withdrawn, against the wording version the person was shown. */
export const consentInputSchema = z
  .object({
    kind: z.enum(CONSENT_KINDS),
    given: z.boolean(),
    wording_version: z.string().trim().min(1).max(20),
  })
  .meta({ id: 'ConsentDecision' });
export type ConsentInput = z.input<typeof consentInputSchema>;
