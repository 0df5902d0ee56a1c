import { ROLES } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { investmentMethods, nominees, organisations } from '../../db/schema';
import { notFound } from '../../platform/http/errors';
import { findUser, type InvestmentScope } from './investment-transactions.repository';
import type { Kit } from './shared';

/** The Transactions tabs (an opportunity's, investor's, organisation's, method's, nominee's) and one ledger. */
export function listOperations(kit: Kit) {
  const { db } = kit;
  return {
    /** GET /api/opportunities/{id}/investments */
    async listOfOpportunity(roleId: number, id: number, status: string | undefined) {
      await kit.opportunityFor(roleId, id, 'show', 'transactions');
      return kit.list({ kind: 'opportunity', id }, status);
    },

    /** The Transactions tab of an investor, organisation, investment method or nominee. */
    async listOfRecord(scope: Exclude<InvestmentScope, { kind: 'opportunity' | 'ids' }>, status?: string) {
      const exists = await (async () => {
        switch (scope.kind) {
          case 'investor':
            return (await findUser(db, scope.id))?.role_id === ROLES.USER;
          case 'organisation':
            return (
              (
                await db
                  .select({ id: organisations.id })
                  .from(organisations)
                  .where(eq(organisations.id, scope.id))
              ).length > 0
            );
          case 'investment_method':
            return (
              (
                await db
                  .select({ id: investmentMethods.id })
                  .from(investmentMethods)
                  .where(eq(investmentMethods.id, scope.id))
              ).length > 0
            );
          case 'nominee':
            return (
              (await db.select({ id: nominees.id }).from(nominees).where(eq(nominees.id, scope.id))).length >
              0
            );
        }
      })();
      if (!exists) throw notFound(`No ${scope.kind.replace('_', ' ')} with that id.`);
      return kit.list(scope, status);
    },

    /** GET /api/investments/{id}/payments: an investment with its payments and refunds. */
    async payments(roleId: number, id: number) {
      await kit.investmentFor(roleId, id, 'show');
      return kit.detail(id);
    },
  };
}
