import type { InvestorCategory } from '@portico/contracts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Answers that satisfy each category's current statement: the demo data's, and the tests'. */
export const DEMO_CATEGORISATION_ANSWERS: Record<InvestorCategory, Record<string, unknown>> = {
  restricted: { past_invested_percent: 2, future_invest_percent: 5, declaration: true },
  high_net_worth: {
    income_over_100k: true,
    income_amount: 150_000,
    net_assets_over_250k: false,
    declaration: true,
  },
  sophisticated: {
    certifying_firm: 'Acme Capital LLP',
    certifying_firm_frn: '123456',
    certificate_date: daysAgo(200),
    declaration: true,
  },
  self_certified: {
    angel_network_member: true,
    angel_network_name: 'Northern Angels',
    unlisted_investments: false,
    private_equity_professional: false,
    director: false,
    declaration: true,
  },
  professional: {
    basis: 'elective',
    elective_criteria: ['portfolio', 'experience'],
    protections_acknowledged: true,
    declaration: true,
  },
};
