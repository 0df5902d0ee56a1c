import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  APPLICATION_STATUSES,
  CLIENT_TYPES,
  ENTITY_STATUSES,
  INVESTMENT_METHOD_TYPES,
  INVESTOR_CATEGORIES,
  ONBOARDING_STATES,
  ORGANISATION_ROLES,
  ORGANISATION_TYPES,
  SCREENING_STATUSES,
} from '@portico/contracts';
import { id, reference, timestamps, timestamptz } from './columns';
import { users } from './users';

export const LEAD_STATUS_DEFAULT_INDEX = 'lead_statuses_one_default';

/** Settings → investor → lead-status: the CRM's configurable statuses. */
export const leadStatuses = pgTable(
  'lead_statuses',
  {
    id: id(),
    name: text('name').notNull(),
    colour: text('colour').notNull().default('#868e96'),
    position: integer('position').notNull().default(0),
    is_default: boolean('is_default').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('lead_statuses_name_unique').on(sql`lower(${table.name})`),
    // At most one default: new investors and contacts take it.
    uniqueIndex(LEAD_STATUS_DEFAULT_INDEX)
      .on(table.is_default)
      .where(sql`${table.is_default}`),
  ],
);

/** What staff and the investor know about an investor beyond their login (one row per investor). */
export const investorProfiles = pgTable(
  'investor_profiles',
  {
    user_id: reference('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    first_name: text('first_name'),
    last_name: text('last_name'),
    phone: text('phone'),
    date_of_birth: date('date_of_birth'),
    nationality: text('nationality'),
    address_line_1: text('address_line_1'),
    address_line_2: text('address_line_2'),
    city: text('city'),
    postcode: text('postcode'),
    country: text('country'),
    client_type: text('client_type', { enum: CLIENT_TYPES }),
    /** business and sole trader clients: the name they trade under and their registration number */
    trading_name: text('trading_name'),
    company_number: text('company_number'),
    lead_status_id: reference('lead_status_id').references(() => leadStatuses.id, { onDelete: 'set null' }),
    /** the staff member who looks after the investor */
    owner_id: reference('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** the adviser or introducer who brought them, when any */
    adviser_id: reference('adviser_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source'),
    ni_number: text('ni_number'),
    utr: text('utr'),
    bank_account_name: text('bank_account_name'),
    bank_sort_code: text('bank_sort_code'),
    bank_account_number: text('bank_account_number'),
    bank_iban: text('bank_iban'),
    bank_swift: text('bank_swift'),
    screening_status: text('screening_status', { enum: SCREENING_STATUSES }).notNull().default('not_started'),
    screened_at: timestamptz('screened_at'),
    /** kept up to date from categorisations, so lists filter on it cheaply */
    category: text('category', { enum: INVESTOR_CATEGORIES }),
    category_expires_at: timestamptz('category_expires_at'),
    /** kept up to date from verification, categorisation and documents */
    onboarding_state: text('onboarding_state', { enum: ONBOARDING_STATES }).notNull().default('registered'),
    ...timestamps(),
  },
  (table) => [
    index('investor_profiles_lead_status_index').on(table.lead_status_id),
    index('investor_profiles_owner_index').on(table.owner_id),
    index('investor_profiles_category_index').on(table.category),
    index('investor_profiles_onboarding_index').on(table.onboarding_state),
    index('investor_profiles_client_type_index').on(table.client_type),
  ],
);

export const CONTACT_STATES = [1, 2, 3] as const;

/** A CRM lead who is not (yet) a portal user; becomes state 3 when they register with the same email. */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    /** "first last", kept for search and sorting */
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
    job_title: text('job_title'),
    state: smallint('state').notNull().default(1),
    lead_status_id: reference('lead_status_id').references(() => leadStatuses.id, { onDelete: 'set null' }),
    client_type: text('client_type', { enum: CLIENT_TYPES }),
    owner_id: reference('owner_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source'),
    address_line_1: text('address_line_1'),
    address_line_2: text('address_line_2'),
    city: text('city'),
    postcode: text('postcode'),
    country: text('country'),
    category: text('category', { enum: INVESTOR_CATEGORIES }),
    /** the investor they became */
    user_id: reference('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('contacts_email_unique')
      .on(table.email)
      .where(sql`${table.email} is not null`),
    index('contacts_state_index').on(table.state, table.name, table.id),
    index('contacts_name_trgm_index').using('gin', sql`${table.name} gin_trgm_ops`),
    index('contacts_email_trgm_index').using('gin', sql`${table.email} gin_trgm_ops`),
    index('contacts_user_index').on(table.user_id),
  ],
);

export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    name: text('name').notNull(),
    type: text('type', { enum: ORGANISATION_TYPES }).notNull().default('company'),
    registration_number: text('registration_number'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    address_line_1: text('address_line_1'),
    address_line_2: text('address_line_2'),
    city: text('city'),
    postcode: text('postcode'),
    country: text('country'),
    ...timestamps(),
  },
  (table) => [index('organisations_name_trgm_index').using('gin', sql`${table.name} gin_trgm_ops`)],
);

/** Organisation links: which investors belong to which organisation, and as what. */
export const organisationLinks = pgTable(
  'organisation_links',
  {
    id: id(),
    organisation_id: reference('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ORGANISATION_ROLES }).notNull().default('member'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('organisation_links_unique').on(table.organisation_id, table.user_id),
    index('organisation_links_user_index').on(table.user_id),
  ],
);

/** An investor asks, from the portal, to create or join an organisation; staff decide. */
export const organisationApplications = pgTable(
  'organisation_applications',
  {
    id: id(),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** joining an existing organisation, or null to create the proposed one */
    organisation_id: reference('organisation_id').references(() => organisations.id, {
      onDelete: 'set null',
    }),
    proposed_name: text('proposed_name'),
    proposed_type: text('proposed_type', { enum: ORGANISATION_TYPES }),
    registration_number: text('registration_number'),
    role: text('role', { enum: ORGANISATION_ROLES }).notNull().default('member'),
    message: text('message'),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    reviewed_by: reference('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamptz('reviewed_at'),
    ...timestamps(),
  },
  (table) => [
    index('organisation_applications_status_index').on(table.status, table.created_at),
    index('organisation_applications_user_index').on(table.user_id),
  ],
);

/** A way of investing other than in one's own name: a SIPP, an ISA, a pension provider, a trust. */
export const investmentMethods = pgTable('investment_methods', {
  id: id(),
  name: text('name').notNull(),
  type: text('type', { enum: INVESTMENT_METHOD_TYPES }).notNull().default('other'),
  provider: text('provider'),
  description: text('description'),
  email: text('email'),
  phone: text('phone'),
  website: text('website'),
  ...timestamps(),
});

/** An investor's (or a contact's, "lead") account with a method: "J. Smith SIPP at Provider X". */
export const investmentMethodEntities = pgTable(
  'investment_method_entities',
  {
    id: id(),
    investment_method_id: reference('investment_method_id')
      .notNull()
      .references(() => investmentMethods.id, { onDelete: 'cascade' }),
    user_id: reference('user_id').references(() => users.id, { onDelete: 'cascade' }),
    contact_id: reference('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    account_reference: text('account_reference'),
    status: text('status', { enum: ENTITY_STATUSES }).notNull().default('pending'),
    ...timestamps(),
  },
  (table) => [
    index('investment_method_entities_method_index').on(table.investment_method_id),
    index('investment_method_entities_user_index').on(table.user_id),
    index('investment_method_entities_contact_index').on(table.contact_id),
  ],
);

/** A nominee company that holds shares for investors under a bare trust. */
export const nominees = pgTable('nominees', {
  id: id(),
  name: text('name').notNull(),
  company_number: text('company_number'),
  fca_number: text('fca_number'),
  email: text('email'),
  phone: text('phone'),
  address_line_1: text('address_line_1'),
  address_line_2: text('address_line_2'),
  city: text('city'),
  postcode: text('postcode'),
  country: text('country'),
  ...timestamps(),
});

/** The investors a nominee acts for, with their designation (the nominee's account reference). */
export const nomineeClients = pgTable(
  'nominee_clients',
  {
    id: id(),
    nominee_id: reference('nominee_id')
      .notNull()
      .references(() => nominees.id, { onDelete: 'cascade' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    designation: text('designation'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('nominee_clients_unique').on(table.nominee_id, table.user_id),
    index('nominee_clients_user_index').on(table.user_id),
  ],
);
