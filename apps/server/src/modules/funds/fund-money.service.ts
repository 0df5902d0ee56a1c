import type { AppContext } from '../../context';
import { callViews, capitalCallOperations } from './capital-calls';
import { fundMeasures } from './fund-measures';
import { createFundMoneyKit, type FundMoneyDeps } from './fund-money.kit';
import { fundMovementOperations, movementViews } from './fund-movements';

/**
 * A fund's money (issue 20, decision 026): capital calls, distributions, fees and their reversals, and the
 * fund measures. Each operation lives in its own file; this joins them.
 */
export function createFundMoneyService(ctx: AppContext, deps: FundMoneyDeps) {
  const kit = createFundMoneyKit(ctx, deps);
  return {
    ...capitalCallOperations(kit),
    ...fundMovementOperations(kit),
    async calls(fundId: number) {
      await kit.fund(fundId);
      return callViews(ctx.db, fundId);
    },
    async movements(fundId: number) {
      await kit.fund(fundId);
      return movementViews(ctx.db, fundId);
    },
    async kpis(fundId: number) {
      const fund = await kit.fund(fundId);
      return fundMeasures(ctx.db, fund, ctx.clock.today());
    },
  };
}

export type FundMoneyService = ReturnType<typeof createFundMoneyService>;
