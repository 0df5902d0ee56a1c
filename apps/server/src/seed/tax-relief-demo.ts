import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import { holdingTransactions, opportunities, taxReliefCertificates, users } from '../db/schema';
import { londonDate } from '../platform/time';

const DAY_MS = 86_400_000;

/**
 * Issue 20: EIS/SEIS certificates of the existing demo investments. Every allotment of an EIS or SEIS round
 * has its EIS3/SEIS3, received 60 days after the shares were issued, except in the most recently completed
 * round, whose company has not sent them yet; follow-ons await theirs. So investor@ sees both received and
 * awaited certificates. Idempotent: a share issue that has a certificate is left alone. Runs after the
 * portfolio demo.
 */
export async function seedTaxReliefDemo(ctx: AppContext, now = new Date()) {
  const today = londonDate(now);
  await ctx.db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@portico.test'));
    const issues = await tx
      .select({
        id: holdingTransactions.id,
        kind: holdingTransactions.kind,
        occurred_on: holdingTransactions.occurred_on,
        user_id: holdingTransactions.user_id,
        opportunity_id: holdingTransactions.opportunity_id,
        slug: opportunities.slug,
        relief: opportunities.tax_relief,
        completed_at: opportunities.completed_at,
        certificate: taxReliefCertificates.id,
      })
      .from(holdingTransactions)
      .innerJoin(opportunities, eq(opportunities.id, holdingTransactions.opportunity_id))
      .leftJoin(
        taxReliefCertificates,
        and(
          eq(taxReliefCertificates.holding_transaction_id, holdingTransactions.id),
          isNull(taxReliefCertificates.withdrawn_at),
        ),
      )
      .where(
        and(
          inArray(holdingTransactions.kind, ['allotment', 'follow_on']),
          inArray(opportunities.tax_relief, ['eis', 'seis']),
        ),
      )
      .orderBy(asc(holdingTransactions.occurred_on), asc(holdingTransactions.id));
    const newest = issues
      .filter((issue) => issue.kind === 'allotment')
      .reduce<string | null>(
        (latest, issue) => (latest === null || issue.occurred_on > latest ? issue.occurred_on : latest),
        null,
      );
    const values = issues
      .filter((issue) => issue.certificate === null && issue.kind === 'allotment')
      .filter((issue) => issue.occurred_on !== newest)
      .flatMap((issue) => {
        const issued = londonDate(new Date(Date.parse(`${issue.occurred_on}T12:00:00Z`) + 60 * DAY_MS));
        const issuedOn = issued > today ? today : issued;
        const scheme = issue.relief === 'seis' ? ('seis3' as const) : ('eis3' as const);
        return [
          {
            holding_transaction_id: issue.id,
            user_id: issue.user_id,
            scheme,
            reference: `${scheme.toUpperCase()}/${issue.slug.slice(0, 8).toUpperCase()}/${issue.id}`,
            issued_on: issuedOn,
            recorded_by: admin?.id ?? null,
          },
        ];
      });
    if (values.length > 0) await tx.insert(taxReliefCertificates).values(values);
  });
}
