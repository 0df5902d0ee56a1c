export { InvestmentsPage } from './investments-page';
export { OpportunityPage } from './opportunity-page';
export { InvestorTypePage } from './investor-type-page';
export { InvestPage } from './invest-page';
