import { defaultPromotionExceptionExpiry, ROLES, type PromotionExceptionType } from '@portico/contracts';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { defaultInvestorAssociates, organisations, promotionExceptions, users } from '../db/schema';
import { londonDate } from '../platform/time';

type NewPromotionException = typeof promotionExceptions.$inferInsert;

const DAY_MS = 86_400_000;
const ROTATION: readonly PromotionExceptionType[] = [
  'self_certified_sophisticated',
  'certified_high_net_worth',
  'certified_sophisticated',
  'investment_professional',
];

/**
 * Issue 21 (decision 032): financial promotion exemptions for the demo investors, though the feature is off in
 * the demo, so switching it on shows sensible data: investor@ has a valid certified high net worth statement
 * (and last year's, expired), investor2@ a self-certified sophisticated one, the CRM's investors one each, but
 * the last of them, whose only statement has expired. Also the default associates (the demo adviser and the
 * first organisation), used once that feature is switched on. Idempotent: an investor with any exemption is
 * left alone.
 */
export async function seedPromotionExceptionsDemo(ctx: AppContext, now = new Date()) {
  const day = (daysAgo: number) => londonDate(new Date(now.getTime() - daysAgo * DAY_MS));
  await ctx.db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@portico.test'));
    const investors = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role_id, ROLES.USER))
      .orderBy(asc(users.id));
    const recorded = new Set(
      (await tx.select({ user_id: promotionExceptions.user_id }).from(promotionExceptions)).map(
        (row) => row.user_id,
      ),
    );
    const statement = (
      userId: number,
      type: PromotionExceptionType,
      effectiveOn: string,
      reference: string,
    ): NewPromotionException => ({
      user_id: userId,
      type,
      evidence_reference: reference,
      effective_on: effectiveOn,
      expires_on: defaultPromotionExceptionExpiry(type, effectiveOn),
      recorded_by: admin?.id ?? null,
    });
    const values: NewPromotionException[] = [];
    const others = investors.filter(
      (investor) => !['investor@portico.test', 'investor2@portico.test'].includes(investor.email),
    );
    for (const investor of investors) {
      if (recorded.has(investor.id)) continue;
      if (investor.email === 'investor@portico.test') {
        values.push(
          statement(investor.id, 'certified_high_net_worth', day(400), 'HNW statement 2025, scanned to file'),
        );
        values.push(
          statement(investor.id, 'certified_high_net_worth', day(30), 'HNW statement, signed in the portal'),
        );
      } else if (investor.email === 'investor2@portico.test') {
        values.push(
          statement(
            investor.id,
            'self_certified_sophisticated',
            day(20),
            'Self-certified statement by email',
          ),
        );
      } else if (investor.id === others.at(-1)?.id) {
        values.push(
          statement(investor.id, 'self_certified_sophisticated', day(420), 'Statement on paper, not renewed'),
        );
      } else {
        const index = others.findIndex((other) => other.id === investor.id);
        const type = ROTATION[index % ROTATION.length] ?? 'self_certified_sophisticated';
        values.push(
          statement(investor.id, type, day(10 + ((index * 37) % 300)), `Client file ${1000 + index}`),
        );
      }
    }
    if (values.length > 0) await tx.insert(promotionExceptions).values(values);

    const [adviser] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'adviser@portico.test'));
    const [organisation] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .orderBy(asc(organisations.id))
      .limit(1);
    await tx
      .insert(defaultInvestorAssociates)
      .values({
        id: 1,
        adviser_id: adviser?.id ?? null,
        organisation_id: organisation?.id ?? null,
        updated_by: admin?.id ?? null,
      })
      .onConflictDoNothing();
  });
}
