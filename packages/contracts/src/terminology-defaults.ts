import { ROLE_NAMES } from './roles';
// Plain constants, no zod: the web app's first page imports these through '@portico/contracts/constants'.
/**
 * Every editable label and text (spec §1, settings → terminology and its sub-pages). Staff edit a
 * term; the API stores only what differs from the default and answers the whole set.
 */
export const TERMINOLOGY_PAGES = [
  'general',
  'opportunities',
  'roles',
  'investor',
  'portfolio-columns',
  'funds',
] as const;
export type TerminologyPage = (typeof TERMINOLOGY_PAGES)[number];

interface TermDefinition {
  readonly page: TerminologyPage;
  readonly label: string;
  readonly default: string;
  /** 'text' is a sentence shown to people (multi-line editor); 'label' is a short name */
  readonly kind: 'label' | 'text';
}

const label = (page: TerminologyPage, name: string, value: string): TermDefinition => ({
  page,
  label: name,
  default: value,
  kind: 'label',
});
const text = (page: TerminologyPage, name: string, value: string): TermDefinition => ({
  page,
  label: name,
  default: value,
  kind: 'text',
});

export const TERMS = {
  // General: the names the navigation of both portals uses.
  investments: label('general', 'Investments (plural)', 'Investments'),
  investment: label('general', 'Investment (singular)', 'Investment'),
  investors: label('general', 'Investors (plural)', 'Investors'),
  investor: label('general', 'Investor (singular)', 'Investor'),
  portfolio: label('general', 'Portfolio', 'Portfolio'),
  reports: label('general', 'Reports', 'Reports'),
  news: label('general', 'News', 'News'),
  overview: label('general', 'Overview', 'Overview'),
  profile: label('general', 'Profile', 'Profile'),
  insider_register: label('general', 'Insider register', 'Insider register'),
  cash_call: label('general', 'Cash call', 'Cash call'),
  investor_categorisation: label('general', 'Investor categorisation', 'Investor categorisation'),
  // Opportunities: statuses, allocation states and the empty list.
  deals: label('opportunities', 'Pipeline deals', 'Deals'),
  opportunities: label('opportunities', 'Opportunities', 'Opportunities'),
  existing_investments: label('opportunities', 'Existing investments', 'Existing investments'),
  companies: label('opportunities', 'Fund investment companies', 'Fund investments'),
  status_1: label('opportunities', 'Draft status', 'Draft'),
  status_2: label('opportunities', 'Live (external) status', 'Live - External'),
  status_3: label('opportunities', 'Live (internal) status', 'Live - Internal'),
  status_4: label('opportunities', 'Closed status', 'Closed'),
  status_5: label('opportunities', 'Completed status', 'Completed'),
  status_6: label('opportunities', 'Matured status', 'Matured'),
  reserve_allocation: label('opportunities', 'Reserve an allocation', 'Reserve An Allocation'),
  reserved_allocations: label('opportunities', 'Reserved allocations', 'My Reserved Allocations'),
  cash_call_awaiting: label('opportunities', 'Cash call awaiting payment', 'Cash Call - Awaiting Payment'),
  cash_call_received: label('opportunities', 'Cash call paid', 'Cash Call - Payment Received'),
  investment_cancelled: label('opportunities', 'Cancelled investment', 'Cancelled'),
  investments_empty: text(
    'opportunities',
    'No opportunities (investor portal)',
    'There are no investment opportunities open to you at the moment. We will let you know when one opens.',
  ),
  // Roles: the names staff see for each role.
  role_1: label('roles', `${ROLE_NAMES[1]} role`, 'Super Admin'),
  role_2: label('roles', `${ROLE_NAMES[2]} role`, 'Entrepreneur'),
  role_3: label('roles', `${ROLE_NAMES[3]} role`, 'Investment Committee'),
  role_5: label('roles', 'Investor (User) role', 'Investor'),
  role_7: label('roles', `${ROLE_NAMES[7]} role`, 'Custodian'),
  role_8: label('roles', `${ROLE_NAMES[8]} role`, 'Support'),
  role_9: label('roles', `${ROLE_NAMES[9]} role`, 'Creator'),
  role_10: label('roles', `${ROLE_NAMES[10]} role`, 'Investment Manager'),
  role_11: label('roles', `${ROLE_NAMES[11]} role`, 'Fund Manager'),
  role_12: label('roles', `${ROLE_NAMES[12]} role`, 'Adviser'),
  // Investor: categories and the appropriateness test's messages.
  category_restricted: label('investor', 'Restricted investor', 'Restricted investor'),
  category_high_net_worth: label('investor', 'High-net-worth investor', 'Certified high net worth investor'),
  category_sophisticated: label('investor', 'Sophisticated investor', 'Certified sophisticated investor'),
  category_self_certified: label(
    'investor',
    'Self-certified investor',
    'Self-certified sophisticated investor',
  ),
  category_professional: label('investor', 'Professional investor', 'Professional investor'),
  categorisation_reminder: text(
    'investor',
    'Categorisation reminder',
    'Your investor categorisation must be confirmed when you join and updated every year.',
  ),
  test_success: text('investor', 'Test passed', 'Congratulations, you have passed the appropriateness test.'),
  test_fail: text(
    'investor',
    'Test failed',
    'Unfortunately you did not pass the appropriateness test this time. Please read the risk information again before you retry.',
  ),
  test_cooldown: text(
    'investor',
    'Test cooldown',
    'You can take the test again 24 hours after your last attempt.',
  ),
  // Portfolio columns: what investors see in their portfolio table.
  column_company: label('portfolio-columns', 'Company column', 'Company'),
  column_date: label('portfolio-columns', 'Date column', 'Date invested'),
  column_invested: label('portfolio-columns', 'Invested column', 'Invested'),
  column_shares: label('portfolio-columns', 'Shares column', 'Shares'),
  column_value: label('portfolio-columns', 'Current value column', 'Current value'),
  column_multiple: label('portfolio-columns', 'Multiple column', 'Multiple'),
  column_irr: label('portfolio-columns', 'IRR column', 'IRR'),
  column_realised: label('portfolio-columns', 'Realised column', 'Realised'),
  column_unrealised: label('portfolio-columns', 'Unrealised column', 'Unrealised'),
  portfolio_empty: text('portfolio-columns', 'Empty portfolio', 'You do not hold any investments yet.'),
  // Funds.
  funds: label('funds', 'Funds (plural)', 'Funds'),
  fund: label('funds', 'Fund (singular)', 'Fund'),
  nav: label('funds', 'Net asset value', 'Net asset value'),
  fund_portfolio: label('funds', 'Fund portfolio', 'Portfolio companies'),
  funds_empty: text('funds', 'No funds (investor portal)', 'There are no funds open to you at the moment.'),
} as const satisfies Record<string, TermDefinition>;

export type TermKey = keyof typeof TERMS;
export type Terminology = Record<TermKey, string>;
export const TERM_KEYS = Object.keys(TERMS) as TermKey[];

export const DEFAULT_TERMINOLOGY: Terminology = Object.fromEntries(
  TERM_KEYS.map((key) => [key, TERMS[key].default]),
) as Terminology;

export const termsOfPage = (page: TerminologyPage) => TERM_KEYS.filter((key) => TERMS[key].page === page);

/** Stored overrides merged over the defaults; unknown stored keys are dropped. */
export function resolveTerminology(
  overrides: Partial<Record<string, unknown>> | null | undefined,
): Terminology {
  const result = { ...DEFAULT_TERMINOLOGY };
  for (const key of TERM_KEYS) {
    const value = overrides?.[key];
    if (typeof value === 'string' && value.trim() !== '') result[key] = value;
  }
  return result;
}
