import { canSeeInvestmentTab, type InvestmentArea, type InvestmentTab } from '@portico/contracts';

/**
 * The investment tab each kind of timeline entry tells of, by the start of its audit action: a role
 * that may not open the tab (spec §6, canSeeInvestmentTab) does not read it in the timeline either.
 */
const ACTION_TABS: ReadonlyArray<readonly [prefix: string, tab: InvestmentTab]> = [
  ['note.', 'notes-calls-tasks'],
  ['call.', 'notes-calls-tasks'],
  ['task.', 'notes-calls-tasks'],
  ['pipeline_deal.performance_', 'performance'],
  ['opportunity.share_price_', 'performance'],
  ['opportunity.investment_', 'transactions'],
  ['opportunity.payment_received', 'transactions'],
  ['opportunity.cash_call_issued', 'transactions'],
  ['opportunity.holding_', 'transactions'],
];

/** The action prefixes a role does not see in the timeline of a record of this investment area. */
export function hiddenActivityPrefixes(roleId: number, area: InvestmentArea | undefined): string[] {
  if (!area) return [];
  return ACTION_TABS.flatMap(([prefix, tab]) => (canSeeInvestmentTab(roleId, area, tab) ? [] : [prefix]));
}
