import { compareDecimal, PRE_EMPTION_CHOICE, sumDecimals } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { investments, opportunities, preEmptionChoices, users } from '../db/schema';
import { paymentReferenceFor } from '../modules/investment-transactions/commitments';
import { entitlementOf } from '../modules/pre-emption/pre-emption.math';
import { holdersOf } from '../modules/pre-emption/pre-emption.repository';

const DAY_MS = 86_400_000;
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Issue 11, decision 015: Harbour Lane Coffee (an existing investment investor@portico.test holds) raises
 * again. Its Series A is live with a pre-emption window of three weeks: investor@ is still to choose, the
 * largest other holder maintained and reserved their entitlement, another declined. Run after the
 * portfolio demo (it needs the holdings).
 */
export async function seedPreEmptionDemo(ctx: AppContext, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(opportunities)
      .where(eq(opportunities.slug, 'harbour-lane-coffee'));
    const [me] = await tx.select().from(users).where(eq(users.email, 'investor@portico.test'));
    if (!existing || !me) return;
    const holders = await holdersOf(tx, existing.id);
    if (!holders.some((holder) => holder.user_id === me.id)) return;

    const [round] = await tx
      .insert(opportunities)
      .values({
        slug: 'harbour-lane-coffee-series-a',
        name: 'Harbour Lane Coffee – Series A',
        company_name: existing.company_name,
        summary:
          'Harbour Lane raises again to open a second roastery; its shareholders may keep their share.',
        description:
          '<p>Harbour Lane Coffee is raising a Series A to open a second roastery in Plymouth. Existing shareholders have a pre-emption right: each may take up their pro-rata share of the round before it is offered to anyone else.</p>',
        status: 2,
        published_at: now,
        target_amount: '150000.00',
        maximum_amount: '200000.00',
        minimum_investment: '500.00',
        share_price: '1.500000',
        share_class: existing.share_class,
        tax_relief: existing.tax_relief,
        industry_id: existing.industry_id,
        investment_type_id: existing.investment_type_id,
        closing_date: day(new Date(now.getTime() + 45 * DAY_MS)),
        cover_image_key: existing.cover_image_key,
        pre_emption_of_id: existing.id,
        pre_emption_ends_on: day(new Date(now.getTime() + 21 * DAY_MS)),
        bank_account_name: `${existing.company_name ?? existing.name} Client Account`,
        bank_sort_code: '401199',
        bank_account_number: '71502233',
        bank_iban: 'GB41HBUK40119971502233',
        bank_swift: 'HBUKGB4B',
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!round) throw new Error('no demo pre-emption round');

    const total = sumDecimals(
      holders.map((holder) => holder.shares),
      6,
    );
    const others = holders
      .filter((holder) => holder.user_id !== me.id && compareDecimal(holder.shares, '0') > 0)
      .sort((a, b) => compareDecimal(b.shares, a.shares));
    const [maintains, declines] = others;
    for (const holder of holders) {
      const entitlement = entitlementOf(holder.shares, total, round);
      const base = { opportunity_id: round.id, user_id: holder.user_id, created_at: now, updated_at: now };
      const decided = { decided_by: holder.user_id, decided_at: new Date(now.getTime() - DAY_MS) };
      if (compareDecimal(holder.shares, '0') <= 0)
        await tx.insert(preEmptionChoices).values({ ...base, choice: PRE_EMPTION_CHOICE.NOT_APPLICABLE });
      else if (holder === maintains && entitlement) {
        await tx
          .insert(preEmptionChoices)
          .values({ ...base, ...decided, choice: PRE_EMPTION_CHOICE.MAINTAIN, amount: entitlement.amount });
        const [investment] = await tx
          .insert(investments)
          .values({
            opportunity_id: round.id,
            user_id: holder.user_id,
            amount: entitlement.amount,
            shares: entitlement.shares,
            status: 'reserved',
            type: 'platform',
            holding_type: 'self',
            created_at: now,
            updated_at: now,
          })
          .returning();
        if (investment)
          await tx
            .update(investments)
            .set({ payment_reference: paymentReferenceFor(round.id, investment.id) })
            .where(eq(investments.id, investment.id));
      } else if (holder === declines)
        await tx
          .insert(preEmptionChoices)
          .values({ ...base, ...decided, choice: PRE_EMPTION_CHOICE.DONT_TAKE });
      else await tx.insert(preEmptionChoices).values({ ...base, choice: PRE_EMPTION_CHOICE.AWAITING });
    }
  });
}
