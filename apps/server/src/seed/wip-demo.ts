import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { cashCalls, investments, opportunities, users } from '../db/schema';
import { londonDate } from '../platform/time';

const DAY_MS = 24 * 3_600_000;
/** The rounds other demos and specs read their cash calls from: left as they are. */
const KEPT_ROUNDS = ['kinfolk-health-seed'];
const DEMO_INVESTORS = ['investor@portico.test', 'investor2@portico.test'];

/**
 * Issue 19: the WIP report shows a cash call in every state. The investing demo's calls are all due in
 * a fortnight; this calls one more reserved commitment (not a demo investor's, on a live round other
 * specs leave alone) with a due date nine days past, so the report and the overview have one overdue.
 */
export async function seedWipDemo(ctx: AppContext, now = new Date()) {
  const day = (offset: number) => londonDate(new Date(now.getTime() + offset * DAY_MS));
  const at = (offset: number) => new Date(now.getTime() + offset * DAY_MS);
  await ctx.db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ investment: investments, opportunity_id: opportunities.id })
      .from(investments)
      .innerJoin(opportunities, eq(opportunities.id, investments.opportunity_id))
      .innerJoin(users, eq(users.id, investments.user_id))
      .where(
        and(
          inArray(opportunities.status, [2, 3]),
          notInArray(opportunities.slug, KEPT_ROUNDS),
          isNull(opportunities.pre_emption_of_id),
          notInArray(users.email, DEMO_INVESTORS),
          eq(investments.status, 'reserved'),
          isNull(investments.cash_call_id),
          sql`${investments.paid_amount} = 0`,
        ),
      )
      .orderBy(asc(opportunities.id), asc(investments.id))
      .limit(1);
    if (!candidate) return;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@portico.test'));
    const [call] = await tx
      .insert(cashCalls)
      .values({
        opportunity_id: candidate.opportunity_id,
        due_date: day(-9),
        message: 'Please pay by bank transfer, quoting your payment reference.',
        issued_by: admin?.id ?? null,
        created_at: at(-23),
      })
      .returning({ id: cashCalls.id });
    if (!call) return;
    await tx
      .update(investments)
      .set({ status: 'awaiting_payment', cash_call_id: call.id, called_at: at(-23), updated_at: at(-23) })
      .where(eq(investments.id, candidate.investment.id));
  });
}
