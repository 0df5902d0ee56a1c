import {
  insiderRegisterListQuery,
  marketSoundingListQuery,
  type FilterValue,
  type MarketSoundingEventKind,
} from '@portico/contracts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  marketSoundingEvents,
  marketSoundingOptOuts,
  marketSoundingRecipients,
  marketSoundings,
  opportunities,
  pipelineDeals,
  users,
  type MarketSoundingEventRow,
  type MarketSoundingRow,
} from '../../db/schema';
import { exact, planned } from '../../platform/list-query/drizzle';
import { createRecordRepository } from '../../platform/records/record-repository';

/** A sounding with its subject's name, its author's name and its recipients counted by step. */
export type SoundingListRow = MarketSoundingRow & {
  subject_name: string;
  created_by_name: string | null;
  invited: number;
  viewed: number;
  accepted: number;
  declined: number;
  answered: number;
};

const countOf = (kind: MarketSoundingEventKind) =>
  sql<number>`(select count(*)::int from market_sounding_events e where e.sounding_id = "market_soundings"."id" and e.kind = ${kind})`;

/** open: not cleansed; cleansed: cleansed; anything else matches nothing. */
function statusFilter(value: FilterValue): SQL {
  const wanted = (Array.isArray(value) ? value : [value]).map(String);
  const conditions = [
    ...(wanted.includes('open') ? [isNull(marketSoundings.cleansed_at)] : []),
    ...(wanted.includes('cleansed') ? [isNotNull(marketSoundings.cleansed_at)] : []),
  ];
  return conditions.length > 0 ? (or(...conditions) ?? sql`false`) : sql`false`;
}

const subjectNameSql = sql<string>`coalesce("pipeline_deals"."name", "opportunities"."name", '')`;

const soundingSelect = (db: DbOrTx) =>
  db
    .select({
      row: marketSoundings,
      subject_name: subjectNameSql,
      created_by_name: users.name,
      invited: sql<number>`(select count(*)::int from market_sounding_recipients r where r.sounding_id = "market_soundings"."id")`,
      viewed: countOf('viewed'),
      accepted: countOf('accepted'),
      declined: countOf('declined'),
      answered: countOf('answered'),
    })
    .from(marketSoundings)
    .leftJoin(pipelineDeals, eq(pipelineDeals.id, marketSoundings.deal_id))
    .leftJoin(opportunities, eq(opportunities.id, marketSoundings.opportunity_id))
    .leftJoin(users, eq(users.id, marketSoundings.created_by));

type SoundingSelected = Awaited<ReturnType<ReturnType<typeof soundingSelect>['execute']>>[number];
const toSoundingRow = ({ row, ...rest }: SoundingSelected): SoundingListRow => ({
  ...row,
  ...rest,
  invited: Number(rest.invited),
  viewed: Number(rest.viewed),
  accepted: Number(rest.accepted),
  declined: Number(rest.declined),
  answered: Number(rest.answered),
});

/** The staff list of soundings, newest first. */
export const soundingsRepository = createRecordRepository({
  table: marketSoundings,
  binding: {
    spec: marketSoundingListQuery,
    filters: { status: statusFilter },
    sorts: { created_at: marketSoundings.created_at },
    tiebreaker: marketSoundings.id,
  },
  rows: async (db, plan) => (await planned(soundingSelect(db).$dynamic(), plan)).map(toSoundingRow),
});

/** An acceptance in the insider register, with its answer. */
export type RegisterRow = {
  id: number;
  sounding_id: number;
  investor_id: number;
  investor_name: string;
  investor_email: string;
  subject_type: 'deal' | 'opportunity';
  subject_id: number;
  subject_name: string;
  accepted_at: Date;
  wording: string;
  response: number | null;
  responded_at: Date | null;
  cleansed_at: Date | null;
};

const answered = sql`(select a.response from market_sounding_events a where a.sounding_id = "market_sounding_events"."sounding_id" and a.user_id = "market_sounding_events"."user_id" and a.kind = 'answered')`;
const answeredAt = sql`(select a.created_at from market_sounding_events a where a.sounding_id = "market_sounding_events"."sounding_id" and a.user_id = "market_sounding_events"."user_id" and a.kind = 'answered')`;

/** The acceptances of every sounding (the insider register), newest first; scope it to kind = accepted. */
export const registerRepository = createRecordRepository({
  table: marketSoundingEvents,
  binding: {
    spec: insiderRegisterListQuery,
    filters: {
      sounding_id: exact(marketSoundingEvents.sounding_id, 'int'),
      investor_id: exact(marketSoundingEvents.user_id, 'int'),
    },
    sorts: { accepted_at: marketSoundingEvents.created_at },
    tiebreaker: marketSoundingEvents.id,
  },
  rows: async (db, plan): Promise<RegisterRow[]> => {
    const select = db
      .select({
        id: marketSoundingEvents.id,
        sounding_id: marketSoundingEvents.sounding_id,
        investor_id: users.id,
        investor_name: users.name,
        investor_email: users.email,
        deal_id: marketSoundings.deal_id,
        opportunity_id: marketSoundings.opportunity_id,
        subject_name: subjectNameSql,
        accepted_at: marketSoundingEvents.created_at,
        wording: marketSoundingEvents.wording,
        response: sql<number | null>`${answered}`,
        responded_at: sql<string | Date | null>`${answeredAt}`,
        cleansed_at: marketSoundings.cleansed_at,
      })
      .from(marketSoundingEvents)
      .innerJoin(marketSoundings, eq(marketSoundings.id, marketSoundingEvents.sounding_id))
      .innerJoin(users, eq(users.id, marketSoundingEvents.user_id))
      .leftJoin(pipelineDeals, eq(pipelineDeals.id, marketSoundings.deal_id))
      .leftJoin(opportunities, eq(opportunities.id, marketSoundings.opportunity_id));
    const rows = await planned(select.$dynamic(), plan);
    return rows.map((row) => ({
      id: row.id,
      sounding_id: row.sounding_id,
      investor_id: row.investor_id,
      investor_name: row.investor_name,
      investor_email: row.investor_email,
      subject_type: row.deal_id !== null ? 'deal' : 'opportunity',
      subject_id: row.deal_id ?? row.opportunity_id ?? 0,
      subject_name: row.subject_name,
      accepted_at: row.accepted_at,
      wording: row.wording ?? '',
      response: row.response === null ? null : Number(row.response),
      responded_at: row.responded_at === null ? null : new Date(row.responded_at),
      cleansed_at: row.cleansed_at,
    }));
  },
});

export const acceptedOnly = eq(marketSoundingEvents.kind, 'accepted');

/** One sounding with its subject's name and counts, or undefined. */
export async function findSounding(db: DbOrTx, id: number): Promise<SoundingListRow | undefined> {
  const [row] = await soundingSelect(db).where(eq(marketSoundings.id, id));
  return row ? toSoundingRow(row) : undefined;
}

/** The sounding's row, locked for the rest of the transaction. */
export async function lockSounding(tx: DbOrTx, id: number): Promise<MarketSoundingRow | undefined> {
  const [row] = await tx.select().from(marketSoundings).where(eq(marketSoundings.id, id)).for('update');
  return row;
}

/** The recipients of a sounding with their names and emails, by name. */
export async function recipientsOf(db: DbOrTx, soundingId: number) {
  return db
    .select({
      user_id: marketSoundingRecipients.user_id,
      created_at: marketSoundingRecipients.created_at,
      name: users.name,
      email: users.email,
      opted_out: sql<boolean>`exists (select 1 from market_sounding_opt_outs o where o.user_id = "market_sounding_recipients"."user_id")`,
    })
    .from(marketSoundingRecipients)
    .innerJoin(users, eq(users.id, marketSoundingRecipients.user_id))
    .where(eq(marketSoundingRecipients.sounding_id, soundingId))
    .orderBy(asc(users.name), asc(users.id));
}

/** Every event of a sounding (or of one recipient of it), oldest first, with the investor's and actor's names. */
export async function eventsOf(db: DbOrTx, soundingId: number, userId?: number) {
  const investor = sql<
    string | null
  >`(select u.name from users u where u.id = "market_sounding_events"."user_id")`;
  const actor = sql<
    string | null
  >`(select u.name from users u where u.id = "market_sounding_events"."actor_id")`;
  return db
    .select({ event: marketSoundingEvents, investor_name: investor, actor_name: actor })
    .from(marketSoundingEvents)
    .where(
      and(
        eq(marketSoundingEvents.sounding_id, soundingId),
        userId === undefined
          ? undefined
          : or(eq(marketSoundingEvents.user_id, userId), eq(marketSoundingEvents.kind, 'cleansed')),
      ),
    )
    .orderBy(asc(marketSoundingEvents.created_at), asc(marketSoundingEvents.id));
}

/** Whether the investor is one of the sounding's recipients. */
export async function isRecipient(db: DbOrTx, soundingId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: marketSoundingRecipients.id })
    .from(marketSoundingRecipients)
    .where(
      and(eq(marketSoundingRecipients.sounding_id, soundingId), eq(marketSoundingRecipients.user_id, userId)),
    );
  return row !== undefined;
}

/** The investor's own soundings, newest first. */
export async function soundingsOfInvestor(db: DbOrTx, userId: number) {
  return db
    .select({
      sounding: marketSoundings,
      subject_name: subjectNameSql,
    })
    .from(marketSoundingRecipients)
    .innerJoin(marketSoundings, eq(marketSoundings.id, marketSoundingRecipients.sounding_id))
    .leftJoin(pipelineDeals, eq(pipelineDeals.id, marketSoundings.deal_id))
    .leftJoin(opportunities, eq(opportunities.id, marketSoundings.opportunity_id))
    .where(eq(marketSoundingRecipients.user_id, userId))
    .orderBy(desc(marketSoundings.created_at), desc(marketSoundings.id));
}

/** The investor's events in these soundings. */
export async function eventsOfInvestor(
  db: DbOrTx,
  userId: number,
  soundingIds: number[],
): Promise<MarketSoundingEventRow[]> {
  if (soundingIds.length === 0) return [];
  return db
    .select()
    .from(marketSoundingEvents)
    .where(
      and(eq(marketSoundingEvents.user_id, userId), inArray(marketSoundingEvents.sounding_id, soundingIds)),
    )
    .orderBy(asc(marketSoundingEvents.created_at), asc(marketSoundingEvents.id));
}

/** The opt-out list, newest first, with names and emails. */
export async function optOutList(db: DbOrTx) {
  return db
    .select({
      user_id: marketSoundingOptOuts.user_id,
      created_at: marketSoundingOptOuts.created_at,
      name: users.name,
      email: users.email,
    })
    .from(marketSoundingOptOuts)
    .innerJoin(users, eq(users.id, marketSoundingOptOuts.user_id))
    .orderBy(desc(marketSoundingOptOuts.created_at), desc(marketSoundingOptOuts.id));
}

/** Which of these users opted out. */
export async function optedOut(db: DbOrTx, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ user_id: marketSoundingOptOuts.user_id })
    .from(marketSoundingOptOuts)
    .where(inArray(marketSoundingOptOuts.user_id, userIds));
  return new Set(rows.map((row) => row.user_id));
}

/** The subject's name: a pipeline deal's or an opportunity's. */
export async function subjectName(db: DbOrTx, row: MarketSoundingRow): Promise<string> {
  if (row.deal_id !== null) {
    const [deal] = await db
      .select({ name: pipelineDeals.name })
      .from(pipelineDeals)
      .where(eq(pipelineDeals.id, row.deal_id));
    return deal?.name ?? '';
  }
  if (row.opportunity_id === null) return '';
  const [opportunity] = await db
    .select({ name: opportunities.name })
    .from(opportunities)
    .where(eq(opportunities.id, row.opportunity_id));
  return opportunity?.name ?? '';
}

/** How many soundings were about the pipeline deal: it is kept while any is (the insider register names it). */
export async function soundingsOfDeal(db: DbOrTx, dealId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(marketSoundings)
    .where(eq(marketSoundings.deal_id, dealId));
  return Number(row?.n ?? 0);
}
