import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import { documentSchema } from './documents';
import { personRefSchema } from './subjects';

/**
 * Sign PDF (spec §2.1, /admin/investors/{id}/sign-pdf/{second id}): staff send a PDF; the investor signs
 * it in the portal (/investor/pdf/{id}) and the signed copy, stamped with the signer, time, IP and the
 * document's SHA-256, is stored and shown to them.
 */
export const SIGNATURE_STATUSES = ['awaiting', 'signed', 'cancelled'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];
export const SIGNATURE_STATUS_LABELS: Record<SignatureStatus, string> = {
  awaiting: 'Awaiting signature',
  signed: 'Signed',
  cancelled: 'Cancelled',
};

export const SIGNATURE_KINDS = ['typed', 'drawn'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

/** A drawn signature is a PNG of at most this size. */
export const DRAWN_SIGNATURE_MAX_BYTES = 200 * 1024;
export const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

/** The text the investor agrees to before signing; it is stamped into the signed PDF. */
export const SIGNATURE_CONSENT_TEXT =
  'I agree to sign this document electronically, and I intend my electronic signature to have the same effect as my handwritten signature.';

export const signatureRequestSchema = z
  .object({
    id: idSchema,
    investor: z.object({ id: idSchema, name: z.string(), email: z.string() }),
    title: z.string(),
    message: z.string().nullable(),
    status: z.enum(SIGNATURE_STATUSES),
    /** the PDF to sign, with a short-lived link (absent once cancelled) */
    source_document: documentSchema.nullable(),
    /** the stamped copy, once signed */
    signed_document: documentSchema.nullable(),
    signer_name: z.string().nullable(),
    signature_kind: z.enum(SIGNATURE_KINDS).nullable(),
    /** SHA-256 (hex) of the PDF as it was signed */
    document_hash: z.string().nullable(),
    signed_at: timestampSchema.nullable(),
    requested_by: personRefSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'SignatureRequest' });
export type SignatureRequest = z.infer<typeof signatureRequestSchema>;

/** Multipart fields sent with the PDF (field `file`). */
export const newSignatureRequestFieldsSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    message: z
      .string()
      .trim()
      .max(2000)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
  })
  .meta({ id: 'NewSignatureRequest' });
export type NewSignatureRequestFields = z.input<typeof newSignatureRequestFieldsSchema>;

const base64Bytes = (dataUrl: string) => {
  const data = dataUrl.slice(PNG_DATA_URL_PREFIX.length).replace(/=+$/, '');
  return Math.floor((data.length * 3) / 4);
};

export const documentSignatureInputSchema = z
  .object({
    /** the signer's full name, stamped beside the signature */
    signer_name: z.string().trim().min(2).max(200),
    signature_kind: z.enum(SIGNATURE_KINDS),
    /** typed: the signature as text; drawn: a PNG data URL (data:image/png;base64,…) */
    signature: z
      .string()
      .trim()
      .min(1)
      .max(Math.ceil((DRAWN_SIGNATURE_MAX_BYTES * 4) / 3) + PNG_DATA_URL_PREFIX.length + 4),
    /** the signer agrees to SIGNATURE_CONSENT_TEXT */
    consent: z.literal(true, { error: 'You must agree to sign electronically.' }),
  })
  .superRefine((value, ctx) => {
    if (value.signature_kind === 'typed' && value.signature.length > 100)
      ctx.addIssue({
        code: 'custom',
        path: ['signature'],
        message: 'A typed signature must not be longer than 100 characters.',
      });
    if (value.signature_kind === 'drawn') {
      if (!/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/.test(value.signature))
        ctx.addIssue({
          code: 'custom',
          path: ['signature'],
          message: 'A drawn signature must be a PNG image (data:image/png;base64,…).',
        });
      else if (base64Bytes(value.signature) > DRAWN_SIGNATURE_MAX_BYTES)
        ctx.addIssue({
          code: 'custom',
          path: ['signature'],
          message: `A drawn signature must not be larger than ${DRAWN_SIGNATURE_MAX_BYTES / 1024} KB.`,
        });
    }
  })
  .meta({ id: 'DocumentSignature' });
export type DocumentSignatureInput = z.input<typeof documentSignatureInputSchema>;
