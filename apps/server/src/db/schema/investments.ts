import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  HOLDING_TRANSACTION_KINDS,
  HOLDING_TYPES,
  ISO_4217_CODES,
  INVESTMENT_STATUSES,
  INVESTMENT_TYPES,
  PAYMENT_KINDS,
  CASH_CALL_STATUSES,
  SHARE_PRICE_KINDS,
  TAX_RELIEFS,
} from '@portico/contracts';
import { id, inList, reference, timestamps, timestamptz } from './columns';
import { investmentMethodEntities, nominees, organisations } from './crm';
import { users } from './users';
import { funds } from './funds';

/*
 * The investment side (issue 10): the classification lists, pipelines and their deals, opportunities
 * from draft to matured, client groups and invitations, and the investments that count towards a raise.
 * Money is numeric(14,2), prices and share counts numeric(20,6), read and written as decimal strings.
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const decimal6 = (name: string) => numeric(name, { precision: 20, scale: 6 });

/** A named, ordered list entry of Settings → attributes (industries, types, categories, characters). */
function classificationTable<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      id: id(),
      name: text('name').notNull(),
      position: integer('position').notNull().default(0),
      ...timestamps(),
    },
    (table) => [uniqueIndex(`${name}_name_unique`).on(sql`lower(${table.name})`)],
  );
}

export const industries = classificationTable('industries');
export const investmentTypes = classificationTable('investment_types');
export const investmentCategories = classificationTable('investment_categories');
export const investmentCharacters = classificationTable('investment_characters');

/** A sub-type belongs to one investment type; its name is unique within the type. */
export const investmentSubTypes = pgTable(
  'investment_sub_types',
  {
    id: id(),
    investment_type_id: reference('investment_type_id')
      .notNull()
      .references(() => investmentTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('investment_sub_types_name_unique').on(table.investment_type_id, sql`lower(${table.name})`),
    // lets an opportunity's (type, sub-type) pair reference a sub-type of that very type
    uniqueIndex('investment_sub_types_type_unique').on(table.id, table.investment_type_id),
  ],
);

/** Settings → account → pipelines: a named sequence of stages that deals move through. */
export const pipelines = pgTable(
  'pipelines',
  {
    id: id(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (table) => [uniqueIndex('pipelines_name_unique').on(sql`lower(${table.name})`)],
);

export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    id: id(),
    pipeline_id: reference('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** order within the pipeline, from 0 */
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('pipeline_stages_name_unique').on(table.pipeline_id, sql`lower(${table.name})`),
    // lets a deal's (stage, pipeline) pair reference a stage of that very pipeline
    uniqueIndex('pipeline_stages_pipeline_unique').on(table.id, table.pipeline_id),
  ],
);

/** A company being assessed, moving through its pipeline's stages (DOMAIN.md, Investing). */
export const pipelineDeals = pgTable(
  'pipeline_deals',
  {
    id: id(),
    pipeline_id: reference('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'restrict' }),
    stage_id: reference('stage_id').notNull(),
    /** order within its stage's column on the board, from 0 */
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    company_name: text('company_name').notNull(),
    summary: text('summary'),
    website: text('website'),
    industry_id: reference('industry_id').references(() => industries.id, { onDelete: 'restrict' }),
    investment_type_id: reference('investment_type_id').references(() => investmentTypes.id, {
      onDelete: 'restrict',
    }),
    amount_sought: money('amount_sought'),
    pre_money_valuation: money('pre_money_valuation'),
    source: text('source'),
    /** the staff member who owns the deal */
    owner_id: reference('owner_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    // A deal's stage is always one of its pipeline's stages.
    foreignKey({
      name: 'pipeline_deals_stage_fk',
      columns: [table.stage_id, table.pipeline_id],
      foreignColumns: [pipelineStages.id, pipelineStages.pipeline_id],
    }).onDelete('restrict'),
    index('pipeline_deals_board_index').on(table.pipeline_id, table.stage_id, table.position),
    // an amount sought becomes the opportunity's target, which must be positive
    check(
      'pipeline_deals_amount_sought_positive',
      sql`${table.amount_sought} is null or ${table.amount_sought} > 0`,
    ),
  ],
);

/**
 * An offer to invest (spec §4, DOMAIN.md): status and stage are the same number, 1 Draft to 6 Matured.
 * A draft may be incomplete; going live checks what an investor must see.
 */
export const opportunities = pgTable(
  'opportunities',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    company_name: text('company_name').notNull(),
    status: smallint('status').notNull().default(1),
    /** one line for cards and lists */
    summary: text('summary'),
    /** rich text, sanitised HTML */
    description: text('description'),
    currency: text('currency').notNull().default('GBP'),
    target_amount: money('target_amount'),
    maximum_amount: money('maximum_amount'),
    minimum_investment: money('minimum_investment'),
    share_price: decimal6('share_price'),
    share_class: text('share_class'),
    tax_relief: text('tax_relief', { enum: TAX_RELIEFS }),
    closing_date: date('closing_date'),
    investment_type_id: reference('investment_type_id').references(() => investmentTypes.id, {
      onDelete: 'restrict',
    }),
    investment_sub_type_id: reference('investment_sub_type_id'),
    /** the fund it raises for (a funds opportunity, issue 20); null for a company's round */
    fund_id: reference('fund_id').references((): AnyPgColumn => funds.id, { onDelete: 'restrict' }),
    industry_id: reference('industry_id').references(() => industries.id, { onDelete: 'restrict' }),
    investment_category_id: reference('investment_category_id').references(() => investmentCategories.id, {
      onDelete: 'restrict',
    }),
    investment_character_id: reference('investment_character_id').references(() => investmentCharacters.id, {
      onDelete: 'restrict',
    }),
    /** the deal it was converted from */
    pipeline_deal_id: reference('pipeline_deal_id').references(() => pipelineDeals.id, {
      onDelete: 'set null',
    }),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** storage key of the image on the opportunity's card, under opportunity-images/ */
    cover_image_key: text('cover_image_key'),
    /** a new round of an existing investment: its holders have pre-emption choices */
    pre_emption_of_id: reference('pre_emption_of_id').references((): AnyPgColumn => opportunities.id, {
      onDelete: 'restrict',
    }),
    /** the last day holders' pre-emption entitlements are held for them (decision 015); none: while live */
    pre_emption_ends_on: date('pre_emption_ends_on'),
    /** the first day holders may choose (decision 020); none: from when the round names the investment */
    pre_emption_opens_on: date('pre_emption_opens_on'),
    /** the terms an investor accepts before reserving, when investment_terms_enabled (plain text) */
    investment_terms: text('investment_terms'),
    /** where investors pay their cash calls (each hidden by its flag in the portal) */
    bank_account_name: text('bank_account_name'),
    bank_sort_code: text('bank_sort_code'),
    bank_account_number: text('bank_account_number'),
    bank_iban: text('bank_iban'),
    bank_swift: text('bank_swift'),
    published_at: timestamptz('published_at'),
    closed_at: timestamptz('closed_at'),
    completed_at: timestamptz('completed_at'),
    matured_at: timestamptz('matured_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('opportunities_slug_unique').on(table.slug),
    // a deal converts into one opportunity
    uniqueIndex('opportunities_deal_unique')
      .on(table.pipeline_deal_id)
      .where(sql`${table.pipeline_deal_id} is not null`),
    index('opportunities_status_index').on(table.status),
    index('opportunities_fund_index').on(table.fund_id),
    check('opportunities_status_range', sql`${table.status} between 1 and 6`),
    check('opportunities_currency_iso_4217', sql`${table.currency} in (${inList(ISO_4217_CODES)})`),
    check('opportunities_pre_emption_not_itself', sql`${table.pre_emption_of_id} <> ${table.id}`),
    check(
      'opportunities_pre_emption_period',
      sql`${table.pre_emption_opens_on} is null or ${table.pre_emption_ends_on} is null or ${table.pre_emption_ends_on} >= ${table.pre_emption_opens_on}`,
    ),
    check(
      'opportunities_tax_relief_known',
      sql`${table.tax_relief} is null or ${table.tax_relief} in (${inList(TAX_RELIEFS)})`,
    ),
    check(
      'opportunities_target_within_maximum',
      sql`${table.target_amount} is null or ${table.maximum_amount} is null or ${table.target_amount} <= ${table.maximum_amount}`,
    ),
    check(
      'opportunities_minimum_within_maximum',
      sql`${table.minimum_investment} is null or ${table.maximum_amount} is null or ${table.minimum_investment} <= ${table.maximum_amount}`,
    ),
    check(
      'opportunities_amounts_positive',
      sql`coalesce(${table.target_amount}, 1) > 0 and coalesce(${table.maximum_amount}, 1) > 0 and coalesce(${table.minimum_investment}, 1) > 0 and coalesce(${table.share_price}, 1) > 0`,
    ),
    check(
      'opportunities_sub_type_needs_type',
      sql`${table.investment_sub_type_id} is null or ${table.investment_type_id} is not null`,
    ),
    // The sub-type, when set, is one of the type's sub-types.
    foreignKey({
      name: 'opportunities_sub_type_fk',
      columns: [table.investment_sub_type_id, table.investment_type_id],
      foreignColumns: [investmentSubTypes.id, investmentSubTypes.investment_type_id],
    }).onDelete('restrict'),
  ],
);

/**
 * An investor's commitment to an opportunity (DOMAIN.md, Investing): reserved → awaiting payment (a cash
 * call) → paid → completed (shares allotted), or cancelled (with a reason; refunded when money had come
 * in). Reserved, awaiting payment and paid count towards the opportunity's committed amount, which never
 * passes its maximum (writers take the opportunity's row lock). How it is held: `holding_type` with the
 * one id that type names. Manual and private_manual investments are entered by staff (spec §4).
 */
export const investments = pgTable(
  'investments',
  {
    id: id(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'restrict' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    shares: decimal6('shares'),
    status: text('status', { enum: INVESTMENT_STATUSES }).notNull().default('reserved'),
    type: text('type', { enum: INVESTMENT_TYPES }).notNull().default('platform'),
    holding_type: text('holding_type', { enum: HOLDING_TYPES }).notNull().default('self'),
    organisation_id: reference('organisation_id').references(() => organisations.id, {
      onDelete: 'restrict',
    }),
    investment_method_entity_id: reference('investment_method_entity_id').references(
      () => investmentMethodEntities.id,
      { onDelete: 'restrict' },
    ),
    nominee_id: reference('nominee_id').references(() => nominees.id, { onDelete: 'restrict' }),
    /** when the investor accepted the investment terms (investment_terms_enabled) */
    terms_accepted_at: timestamptz('terms_accepted_at'),
    /** what the investor quotes when paying; set when the investment is made */
    payment_reference: text('payment_reference'),
    /** the sum of its ledger entries' paid_delta (a trigger refuses anything else); paid once it reaches the amount */
    paid_amount: money('paid_amount').notNull().default('0'),
    /**
     * A fund commitment's called amount: the sum of its capital call lines (a trigger; migration 0032), never
     * past the amount, and never less than what it holds. Null for an investment in a company's round.
     */
    called_amount: money('called_amount'),
    cash_call_id: reference('cash_call_id').references(() => cashCalls.id, { onDelete: 'set null' }),
    /** the date the money counts from in the holding's cash flows (manual investments give it) */
    invested_on: date('invested_on'),
    called_at: timestamptz('called_at'),
    paid_at: timestamptz('paid_at'),
    completed_at: timestamptz('completed_at'),
    cancelled_at: timestamptz('cancelled_at'),
    cancel_reason: text('cancel_reason'),
    refunded_at: timestamptz('refunded_at'),
    /** the staff member who entered a manual investment */
    recorded_by: reference('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    ...timestamps(),
  },
  (table) => [
    index('investments_opportunity_index').on(table.opportunity_id, table.status),
    index('investments_user_index').on(table.user_id),
    index('investments_organisation_index').on(table.organisation_id),
    index('investments_method_entity_index').on(table.investment_method_entity_id),
    index('investments_nominee_index').on(table.nominee_id),
    index('investments_cash_call_index').on(table.cash_call_id),
    check('investments_amount_positive', sql`${table.amount} > 0`),
    check('investments_status_known', sql`${table.status} in (${inList(INVESTMENT_STATUSES)})`),
    check('investments_type_known', sql`${table.type} in (${inList(INVESTMENT_TYPES)})`),
    check('investments_holding_type_known', sql`${table.holding_type} in (${inList(HOLDING_TYPES)})`),
    check(
      'investments_paid_within_amount',
      sql`${table.paid_amount} >= 0 and ${table.paid_amount} <= ${table.amount}`,
    ),
    check(
      'investments_holding_names_one',
      sql`(${table.holding_type} = 'self' and num_nonnulls(${table.organisation_id}, ${table.investment_method_entity_id}, ${table.nominee_id}) = 0)
        or (${table.holding_type} = 'organisation' and ${table.organisation_id} is not null and num_nonnulls(${table.investment_method_entity_id}, ${table.nominee_id}) = 0)
        or (${table.holding_type} = 'investment_method' and ${table.investment_method_entity_id} is not null and num_nonnulls(${table.organisation_id}, ${table.nominee_id}) = 0)
        or (${table.holding_type} = 'nominee' and ${table.nominee_id} is not null and num_nonnulls(${table.organisation_id}, ${table.investment_method_entity_id}) = 0)`,
    ),
    check(
      'investments_cancelled_has_reason',
      sql`${table.status} <> 'cancelled' or (${table.cancelled_at} is not null and ${table.cancel_reason} is not null)`,
    ),
    // States tied to money (decision 019): paid and completed hold their amount, reserved and awaiting
    // payment less; a reserved investment was not called; a refunded cancellation holds nothing. The paid
    // amount itself is the sum of the ledger's entries (triggers of migration 0022).
    check(
      'investments_state_money',
      sql`(${table.status} in ('paid', 'completed') and ${table.paid_amount} = ${table.amount}) or (${table.status} in ('reserved', 'awaiting_payment') and ${table.paid_amount} < ${table.amount}) or ${table.status} = 'cancelled'`,
    ),
    check(
      'investments_called_within_amount',
      sql`${table.called_amount} is null or (${table.called_amount} >= 0 and ${table.called_amount} <= ${table.amount} and ${table.paid_amount} <= ${table.called_amount})`,
    ),
    check(
      'investments_reserved_not_called',
      sql`${table.status} <> 'reserved' or ${table.cash_call_id} is null`,
    ),
    check(
      'investments_refunded_holds_nothing',
      sql`${table.refunded_at} is null or (${table.status} = 'cancelled' and ${table.paid_amount} = 0)`,
    ),
  ],
);

/** A request to reserved investors to pay what they committed, with a due date (DOMAIN.md, Cash call). */
export const cashCalls = pgTable(
  'cash_calls',
  {
    id: id(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'restrict' }),
    due_date: date('due_date').notNull(),
    message: text('message'),
    issued_by: reference('issued_by').references(() => users.id, { onDelete: 'set null' }),
    /** the amounts of the investments it called; kept by a trigger on investments (migration 0022) */
    amount: money('amount').notNull().default('0'),
    /** open while any called investment awaits payment, paid once all not cancelled are paid, else cancelled */
    status: text('status', { enum: CASH_CALL_STATUSES }).notNull().default('open'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('cash_calls_opportunity_index').on(table.opportunity_id),
    check('cash_calls_status_known', sql`${table.status} in (${inList(CASH_CALL_STATUSES)})`),
  ],
);

/**
 * The money ledger (decision 019): every payment, refund, over-payment (held unallocated), application of
 * unallocated money and reversal, append-only (a trigger refuses UPDATE and DELETE). Each entry says what
 * it does to its investment's paid amount (`paid_delta`) and to the investor's unallocated money in the
 * opportunity (`unallocated_delta`); a reversal copies the effect of the entry it reverses, negated.
 */
export const investmentPayments = pgTable(
  'investment_payments',
  {
    id: id(),
    /** null for an entry of unallocated money alone (an unallocated refund) */
    investment_id: reference('investment_id').references(() => investments.id, { onDelete: 'restrict' }),
    /** whose money, in which opportunity: its investment's (filled by the trigger when an investment is named) */
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'restrict' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull().default('payment'),
    /** the money the entry is about (a payment: all that the bank line brought) */
    amount: money('amount').notNull(),
    paid_delta: money('paid_delta').notNull().default('0'),
    unallocated_delta: money('unallocated_delta').notNull().default('0'),
    /** the entry a reversal undoes (once: a unique index) */
    reverses_id: reference('reverses_id').references((): AnyPgColumn => investmentPayments.id, {
      onDelete: 'restrict',
    }),
    /** why a reversal was made */
    reason: text('reason'),
    received_on: date('received_on').notNull(),
    reference: text('reference'),
    recorded_by: reference('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('investment_payments_investment_index').on(table.investment_id),
    index('investment_payments_holder_index').on(table.opportunity_id, table.user_id),
    uniqueIndex('investment_payments_reversed_once')
      .on(table.reverses_id)
      .where(sql`${table.reverses_id} is not null`),
    uniqueIndex('investment_payments_reference_unique')
      .on(table.investment_id, sql`lower(${table.reference})`)
      .where(sql`${table.kind} = 'payment' and ${table.reference} is not null`),
    check('investment_payments_amount_positive', sql`${table.amount} > 0`),
    check('investment_payments_kind_known', sql`${table.kind} in (${inList(PAYMENT_KINDS)})`),
    check(
      'investment_payments_effect_by_kind',
      sql`(${table.kind} = 'payment' and ${table.investment_id} is not null and ${table.paid_delta} >= 0 and ${table.unallocated_delta} >= 0 and ${table.paid_delta} + ${table.unallocated_delta} = ${table.amount} and ${table.reverses_id} is null) or (${table.kind} = 'refund' and ${table.investment_id} is not null and ${table.paid_delta} = -${table.amount} and ${table.unallocated_delta} = 0 and ${table.reverses_id} is null) or (${table.kind} = 'unallocated_refund' and ${table.paid_delta} = 0 and ${table.unallocated_delta} = -${table.amount} and ${table.reverses_id} is null) or (${table.kind} = 'application' and ${table.investment_id} is not null and ${table.paid_delta} = ${table.amount} and ${table.unallocated_delta} = -${table.amount} and ${table.reverses_id} is null) or (${table.kind} = 'reversal' and ${table.reverses_id} is not null and ${table.reason} is not null and length(trim(${table.reason})) > 0)`,
    ),
  ],
);

/** An investor's money held unallocated in an opportunity: written by the ledger's trigger only, never below 0. */
export const unallocatedBalances = pgTable(
  'unallocated_balances',
  {
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'restrict' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull().default('0'),
  },
  (table) => [
    primaryKey({ name: 'unallocated_balances_pk', columns: [table.opportunity_id, table.user_id] }),
    check('unallocated_balances_not_negative', sql`${table.amount} >= 0`),
  ],
);

/**
 * An existing investment's share-price history (its Performance): the round's price at completion,
 * valuations entered by staff, an exit price. Append-only (issue 18, migration 0025): a correction is a
 * new price, and the one it replaces is kept with `replaced_at`, `replaced_by` and `superseded_by_id`
 * (null when withdrawn); a trigger refuses deleting a price or changing its values. One current price a
 * day; the latest current one on or before today values every holding.
 */
export const sharePrices = pgTable(
  'share_prices',
  {
    id: id(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    price: decimal6('price').notNull(),
    effective_on: date('effective_on').notNull(),
    kind: text('kind', { enum: SHARE_PRICE_KINDS }).notNull().default('valuation'),
    note: text('note'),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
    replaced_at: timestamptz('replaced_at'),
    replaced_by: reference('replaced_by').references(() => users.id, { onDelete: 'set null' }),
    superseded_by_id: reference('superseded_by_id').references((): AnyPgColumn => sharePrices.id, {
      onDelete: 'restrict',
    }),
  },
  (table) => [
    uniqueIndex('share_prices_day_unique')
      .on(table.opportunity_id, table.effective_on)
      .where(sql`${table.replaced_at} is null`),
    check(
      'share_prices_superseded_when_replaced',
      sql`${table.superseded_by_id} is null or ${table.replaced_at} is not null`,
    ),
    check('share_prices_positive', sql`${table.price} > 0`),
    check('share_prices_kind_known', sql`${table.kind} in (${inList(SHARE_PRICE_KINDS)})`),
  ],
);

/**
 * A holding's dated cash flows in an existing investment (its Transactions): the allotment at completion
 * (one per investment), follow-ons, exits and dividends. Portfolios, MOIC and XIRR are computed from these
 * and the latest share price.
 */
export const holdingTransactions = pgTable(
  'holding_transactions',
  {
    id: id(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'restrict' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    investment_id: reference('investment_id').references(() => investments.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: HOLDING_TRANSACTION_KINDS }).notNull(),
    occurred_on: date('occurred_on').notNull(),
    /** shares allotted, bought or sold (none for a dividend) */
    shares: decimal6('shares'),
    /** money paid in (allotment, follow-on) or out to the investor (exit, dividend) */
    amount: money('amount').notNull(),
    price: decimal6('price'),
    share_class: text('share_class'),
    note: text('note'),
    recorded_by: reference('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('holding_transactions_user_index').on(table.user_id, table.opportunity_id),
    index('holding_transactions_opportunity_index').on(table.opportunity_id, table.occurred_on),
    uniqueIndex('holding_transactions_allotment_unique')
      .on(table.investment_id)
      .where(sql`${table.kind} = 'allotment'`),
    check('holding_transactions_amount_non_negative', sql`${table.amount} >= 0`),
    check('holding_transactions_kind_known', sql`${table.kind} in (${inList(HOLDING_TRANSACTION_KINDS)})`),
    check(
      'holding_transactions_shares_by_kind',
      sql`(${table.kind} = 'dividend' and ${table.shares} is null) or (${table.kind} <> 'dividend' and ${table.shares} > 0)`,
    ),
  ],
);

/**
 * A holder's pre-emption choice (spec §4 codes 1–6) on a new round of an existing investment: the round
 * is an opportunity whose `pre_emption_of_id` names the existing one. Made by the investor or by staff.
 */
export const preEmptionChoices = pgTable(
  'pre_emption_choices',
  {
    id: id(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    choice: smallint('choice').notNull().default(5),
    /** the amount the holder takes up (maintain, increase, decrease) */
    amount: money('amount'),
    decided_by: reference('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamptz('decided_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('pre_emption_choices_unique').on(table.opportunity_id, table.user_id),
    check('pre_emption_choices_range', sql`${table.choice} between 1 and 6`),
    // maintain, increase and decrease name the amount taken up; the other choices name none
    check(
      'pre_emption_choices_amount_by_choice',
      sql`(${table.choice} in (2, 3, 6) and ${table.amount} > 0) or (${table.choice} in (1, 4, 5) and ${table.amount} is null)`,
    ),
  ],
);

/**
 * Evidence of the first-investment friction (COBS 4.12A): when an investor first saw the personalised
 * risk warning, its exact text, when they acknowledged it, and when the cooling-off ends. One row per
 * investor: the cooling-off starts once.
 */
export const firstInvestmentWarnings = pgTable('first_investment_warnings', {
  user_id: reference('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  opportunity_id: reference('opportunity_id').references(() => opportunities.id, { onDelete: 'set null' }),
  warning_text: text('warning_text').notNull(),
  shown_at: timestamptz('shown_at').notNull(),
  cooling_off_ends_at: timestamptz('cooling_off_ends_at').notNull(),
  acknowledged_at: timestamptz('acknowledged_at'),
});

/** A named group of investors, invited to an internal opportunity at once (DOMAIN.md, People). */
export const clientGroups = pgTable(
  'client_groups',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('client_groups_name_unique').on(sql`lower(${table.name})`)],
);

export const clientGroupMembers = pgTable(
  'client_group_members',
  {
    client_group_id: reference('client_group_id')
      .notNull()
      .references(() => clientGroups.id, { onDelete: 'cascade' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.client_group_id, table.user_id] }),
    index('client_group_members_user_index').on(table.user_id),
  ],
);

/**
 * Who a Live - Internal opportunity is offered to: one investor, or a client group (its members at any
 * time). Exactly one of the two.
 */
export const opportunityInvitations = pgTable(
  'opportunity_invitations',
  {
    id: id(),
    opportunity_id: reference('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    user_id: reference('user_id').references(() => users.id, { onDelete: 'cascade' }),
    client_group_id: reference('client_group_id').references(() => clientGroups.id, { onDelete: 'cascade' }),
    invited_by: reference('invited_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    /** when its investors (a group's members at the time) were told, once the opportunity was Live - Internal */
    notified_at: timestamptz('notified_at'),
  },
  (table) => [
    check(
      'opportunity_invitations_one_invitee',
      sql`num_nonnulls(${table.user_id}, ${table.client_group_id}) = 1`,
    ),
    uniqueIndex('opportunity_invitations_user_unique')
      .on(table.opportunity_id, table.user_id)
      .where(sql`${table.user_id} is not null`),
    uniqueIndex('opportunity_invitations_group_unique')
      .on(table.opportunity_id, table.client_group_id)
      .where(sql`${table.client_group_id} is not null`),
    index('opportunity_invitations_user_index').on(table.user_id),
  ],
);

export type PipelineRow = typeof pipelines.$inferSelect;
export type PipelineStageRow = typeof pipelineStages.$inferSelect;
export type PipelineDealRow = typeof pipelineDeals.$inferSelect;
export type OpportunityRow = typeof opportunities.$inferSelect;
export type InvestmentRow = typeof investments.$inferSelect;
export type CashCallRow = typeof cashCalls.$inferSelect;
export type InvestmentPaymentRow = typeof investmentPayments.$inferSelect;
export type SharePriceRow = typeof sharePrices.$inferSelect;
export type HoldingTransactionRow = typeof holdingTransactions.$inferSelect;
export type PreEmptionChoiceRow = typeof preEmptionChoices.$inferSelect;
export type ClientGroupRow = typeof clientGroups.$inferSelect;
