import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { marketSoundingEvents, marketSoundings } from '../../db/schema';
import type { Subject } from './insider-lists.repository';

/** An investor who accepted a sounding of the subject: an insider from acceptance until the sounding's cleansing. */
export interface DerivedInsiderRow {
  investor_id: number;
  /** the first sounding they accepted */
  sounding_id: number;
  accepted_at: Date;
  /** null while any sounding they accepted is not cleansed; else the last cleansing */
  cleansed_at: Date | null;
}

/**
 * The sounded investors of a deal or opportunity, one row each however many of its soundings they accepted
 * (market soundings, issue 21): the first acceptance is when they obtained the inside information, and they
 * cease to hold it when every sounding they accepted has been cleansed.
 */
export async function derivedInsiders(
  db: DbOrTx,
  subject: Exclude<Subject, { type: 'permanent' }>,
): Promise<DerivedInsiderRow[]> {
  const s = marketSoundings;
  const ev = marketSoundingEvents;
  const rows = await db
    .select({
      investor_id: ev.user_id,
      sounding_id: sql<number>`(array_agg(${s.id} order by ${ev.created_at}, ${ev.id}))[1]`,
      accepted_at: sql<Date>`min(${ev.created_at})`.mapWith(ev.created_at),
      open: sql<boolean>`bool_or(${s.cleansed_at} is null)`,
      cleansed_at: sql<Date | null>`max(${s.cleansed_at})`.mapWith(s.cleansed_at),
    })
    .from(ev)
    .innerJoin(s, eq(s.id, ev.sounding_id))
    .where(
      and(
        eq(ev.kind, 'accepted'),
        subject.type === 'deal' ? eq(s.deal_id, subject.id) : eq(s.opportunity_id, subject.id),
      ),
    )
    .groupBy(ev.user_id);
  return rows.flatMap((row) => {
    const accepted = row.accepted_at;
    if (row.investor_id === null) return [];
    return [
      {
        investor_id: row.investor_id,
        sounding_id: Number(row.sounding_id),
        accepted_at: accepted,
        cleansed_at: row.open ? null : row.cleansed_at,
      },
    ];
  });
}
