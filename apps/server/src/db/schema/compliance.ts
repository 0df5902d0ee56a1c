import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, reference, timestamps, timestamptz } from './columns';
import { APPLICATION_STATUSES, INVESTOR_CATEGORIES, SCREENING_EVIDENCE_FIELDS } from '@portico/contracts';
import { documents } from './engagement';
import { screeningChecks } from './screening';
import { users } from './users';

export const CATEGORISATION_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * An investor's signed categorisation statement (DOMAIN.md): the category, the statement version and
 * wording signed, the answers, when it was signed and when it expires (12 months). History is kept.
 */
export const categorisations = pgTable(
  'categorisations',
  {
    id: id(),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: INVESTOR_CATEGORIES }).notNull(),
    statement_version: text('statement_version').notNull(),
    statement_text: text('statement_text').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    /** the name the investor typed to sign in the portal; null for a statement staff recorded */
    signature: text('signature'),
    signed_at: timestamptz('signed_at').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    status: text('status', { enum: CATEGORISATION_STATUSES }).notNull(),
    reason: text('reason'),
    recorded_by: reference('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_by: reference('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamptz('reviewed_at'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('categorisations_user_index').on(table.user_id, table.created_at)],
);

export const QUESTIONNAIRE_FORMS = ['registration_form', 'fact_find', 'risk_profile'] as const;

/** Structured answers (registration form, fact find, risk profile); each save is a new row: history. */
export const questionnaireResponses = pgTable(
  'questionnaire_responses',
  {
    id: id(),
    subject_type: text('subject_type', { enum: ['investor', 'contact'] }).notNull(),
    subject_id: reference('subject_id').notNull(),
    form: text('form', { enum: QUESTIONNAIRE_FORMS }).notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    /** the risk profile's score */
    score: integer('score'),
    recorded_by: reference('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('questionnaire_responses_subject_index').on(
      table.subject_type,
      table.subject_id,
      table.form,
      table.created_at,
    ),
  ],
);

export const CONSENT_KINDS = ['marketing', 'data_sharing', 'electronic_communication'] as const;

/** Consent given or withdrawn, with its wording: append-only. */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONSENT_KINDS }).notNull(),
    given: boolean('given').notNull(),
    wording: text('wording').notNull(),
    recorded_by: reference('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('consents_user_index').on(table.user_id, table.kind, table.created_at)],
);

/** Settings → investor → sign-up-documents: what every investor must provide or sign. */
export const onboardingRequirements = pgTable(
  'onboarding_requirements',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    kind: text('kind', { enum: ['upload', 'sign'] })
      .notNull()
      .default('upload'),
    required: boolean('required').notNull().default(true),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    /**
     * The identity check's file this requirement is (issue 18): the check's identity document or proof of
     * address counts as this sign-up document and is reviewed with the check. Null: uploaded on its own.
     * Migration 0026 adds a check (upload requirements only) and one active requirement per type.
     */
    identity_evidence: text('identity_evidence', { enum: SCREENING_EVIDENCE_FIELDS }),
    ...timestamps(),
  },
  (table) => [
    check(
      'onboarding_requirements_identity_evidence_kind',
      sql`${table.identity_evidence} is null or (${table.identity_evidence} in ('identity_document', 'proof_of_address') and ${table.kind} = 'upload')`,
    ),
    uniqueIndex('onboarding_requirements_one_per_evidence')
      .on(table.identity_evidence)
      .where(sql`${table.identity_evidence} is not null and ${table.active}`),
  ],
);

export const ONBOARDING_ONE_PER_EVIDENCE_INDEX = 'onboarding_requirements_one_per_evidence';
/** Raised by migration 0026's trigger when a check's submission is decided apart from its check. */
export const ONBOARDING_FOLLOWS_CHECK = 'onboarding_documents_follow_screening_check';

export const ONBOARDING_ONE_PENDING_INDEX = 'onboarding_documents_one_pending';

/** One investor's document for one requirement, reviewed by staff. */
export const onboardingDocuments = pgTable(
  'onboarding_documents',
  {
    id: id(),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requirement_id: reference('requirement_id')
      .notNull()
      .references(() => onboardingRequirements.id, { onDelete: 'cascade' }),
    document_id: reference('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /**
     * Set when the file is an identity check's (issue 18): the status is then the check's decision, kept
     * so by the triggers of migration 0026, and staff review it once, with the check.
     */
    screening_check_id: reference('screening_check_id').references(() => screeningChecks.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    reviewed_by: reference('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamptz('reviewed_at'),
    ...timestamps(),
  },
  (table) => [
    index('onboarding_documents_user_index').on(table.user_id, table.requirement_id, table.created_at),
    index('onboarding_documents_screening_check_index').on(table.screening_check_id),
    // One submission awaiting review per investor and requirement: a newer upload replaces it.
    uniqueIndex(ONBOARDING_ONE_PENDING_INDEX)
      .on(table.user_id, table.requirement_id)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export const SIGNATURE_STATUSES = ['awaiting', 'signed', 'cancelled'] as const;

/** A PDF staff prepared for an investor to sign; the signed copy is stamped and stored. */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: id(),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source_document_id: reference('source_document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    signed_document_id: reference('signed_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    message: text('message'),
    status: text('status', { enum: SIGNATURE_STATUSES }).notNull().default('awaiting'),
    signer_name: text('signer_name'),
    signature_kind: text('signature_kind', { enum: ['typed', 'drawn'] }),
    /** SHA-256 of the document as it was signed */
    document_hash: text('document_hash'),
    signed_at: timestamptz('signed_at'),
    requested_by: reference('requested_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [index('signature_requests_user_index').on(table.user_id, table.status)],
);
