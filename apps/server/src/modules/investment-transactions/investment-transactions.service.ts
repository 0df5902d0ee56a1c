import type { AppContext } from '../../context';
import { bankDetailsOperations } from './bank-details';
import { cancellationOperations } from './cancellations';
import { cashCallOperations } from './cash-calls';
import { listOperations } from './lists';
import { manualInvestmentOperations } from './manual-investments';
import { paymentOperations } from './payments';
import { refundOperations } from './refunds';
import { reversalOperations } from './reversals';
import { createKit, type TransactionsDeps } from './shared';

export { paymentLines, totalsOf, toStaffInvestment } from './shared';

/**
 * The money behind a round, for staff (issues 11 and 18): an opportunity's investments, manual
 * investments, cash calls, and the money ledger (payments, over-payments held unallocated, refunds,
 * applications and reversals; decision 019), one file per operation, and the same investments from an
 * investor's, organisation's, method's or nominee's side.
 */
export function createInvestmentTransactionsService(ctx: AppContext, deps: TransactionsDeps) {
  const kit = createKit(ctx, deps);
  return {
    ...listOperations(kit),
    ...manualInvestmentOperations(kit),
    ...cashCallOperations(kit),
    ...paymentOperations(kit),
    ...refundOperations(kit),
    ...reversalOperations(kit),
    ...cancellationOperations(kit),
    ...bankDetailsOperations(kit),
  };
}

export type InvestmentTransactionsService = ReturnType<typeof createInvestmentTransactionsService>;
