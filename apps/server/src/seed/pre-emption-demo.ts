import { compareDecimal, PRE_EMPTION_CHOICE } from '@portico/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import {
  capTableClasses,
  capTableHolders,
  investments,
  opportunities,
  preEmptionChoices,
  users,
} from '../db/schema';
import { fromUnits, units } from '../modules/cap-table/cap-table.math';
import { platformHoldingsOf } from '../modules/cap-table/cap-table.repository';
import { paymentReferenceFor } from '../modules/investment-transactions/commitments';
import { entitlementOf } from '../modules/pre-emption/pre-emption.math';
import { preEmptionBaseOf } from '../modules/pre-emption/pre-emption.repository';
import { londonDate } from '../platform/time';

const DAY_MS = 86_400_000;
const day = (date: Date) => londonDate(date);

/**
 * The rest of each company besides the platform's investors (decision 020), as multiples of what the
 * platform holds in the company's class: two founders, an angel syndicate and the option pool, so the
 * platform's investors hold about 8% of the issued shares, as a small crowd round would.
 */
const OTHERS = [
  { name: 'Founder – Ada Marsh', kind: 'founder', times: 500n },
  { name: 'Founder – Tom Reyes', kind: 'founder', times: 350n },
  { name: 'Westcountry Angels syndicate', kind: 'investor', times: 200n },
] as const;
const POOL_TIMES = 120n;

/**
 * Issue 18: every seeded existing investment gets a full cap table: its platform class recorded (ordinary,
 * with pre-emption), founders and an angel syndicate in it, and an option pool as options.
 */
async function seedCapTables(tx: DbOrTx, now: Date) {
  const existing = await tx
    .select()
    .from(opportunities)
    .where(inArray(opportunities.status, [5, 6]));
  for (const company of existing) {
    const holdings = await platformHoldingsOf(tx, company.id);
    if (holdings.length === 0) continue;
    const className = company.share_class ?? 'Ordinary';
    const platform = holdings
      .filter((row) => row.share_class.toLowerCase() === className.toLowerCase())
      .reduce((sum, row) => sum + units(row.bought) - units(row.sold), 0n);
    // whole shares, scaled from the platform's
    const whole = (times: bigint) => fromUnits(((platform * times) / 100n / 1_000_000n) * 1_000_000n);
    if (platform <= 0n) continue;
    const [ordinary] = await tx
      .insert(capTableClasses)
      .values({
        opportunity_id: company.id,
        name: className,
        kind: 'shares',
        pre_emptive: true,
        created_at: now,
        updated_at: now,
      })
      .returning();
    const [options] = await tx
      .insert(capTableClasses)
      .values({
        opportunity_id: company.id,
        name: 'Options',
        kind: 'options',
        pre_emptive: false,
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!ordinary || !options) throw new Error('no demo cap table classes');
    await tx.insert(capTableHolders).values([
      ...OTHERS.map((holder) => ({
        opportunity_id: company.id,
        class_id: ordinary.id,
        name: holder.name,
        kind: holder.kind,
        shares: whole(holder.times),
        created_at: now,
        updated_at: now,
      })),
      {
        opportunity_id: company.id,
        class_id: options.id,
        name: 'EMI option pool',
        kind: 'option_pool' as const,
        shares: whole(POOL_TIMES),
        note: 'Granted and unallocated options under the EMI scheme',
        created_at: now,
        updated_at: now,
      },
    ]);
  }
}

/**
 * Issue 11, decision 015: Harbour Lane Coffee (an existing investment investor@portico.test holds) raises
 * again. Its Series A is live with a pre-emption window of three weeks: investor@ is still to choose, the
 * largest other holder maintained and reserved their entitlement, another declined. Entitlements follow
 * the statutory rule over the whole cap table (decision 020), which is seeded first for every existing
 * investment. Run after the portfolio demo (it needs the holdings).
 */
export async function seedPreEmptionDemo(ctx: AppContext, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    await seedCapTables(tx, now);
    const [existing] = await tx
      .select()
      .from(opportunities)
      .where(eq(opportunities.slug, 'harbour-lane-coffee'));
    const [me] = await tx.select().from(users).where(eq(users.email, 'investor@portico.test'));
    if (!existing || !me) return;
    const { platform: holders, total } = await preEmptionBaseOf(tx, existing.id);
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
        pre_emption_opens_on: day(now),
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
