import type { ProfilePreEmption } from '@portico/contracts';
import type { Investing, MyInvestment } from './api/investing-schemas';

const AT = '2026-11-20T10:00:00.000000Z';

/** GET /api/profile/investing/{id} for an investor who may invest now. */
export function investingFixture(overrides: Partial<Investing> = {}): Investing {
  return {
    opportunity: {
      id: 41,
      slug: 'harbour-robotics',
      name: 'Harbour Robotics Series A',
      company_name: 'Harbour Robotics Ltd',
      share_price: '1.250000',
      minimum_investment: '1000.00',
      maximum_amount: '600000.00',
      committed_amount: '595000.00',
      remaining_amount: '5000.00',
      closing_date: '2026-12-31',
      investment_terms: null,
    },
    can_invest: true,
    reasons: [],
    first_investment: false,
    risk_warning: null,
    cooling_off_seconds_left: 0,
    terms_required: false,
    holding_options: [{ type: 'self', id: null, name: 'Olivia Carter' }],
    my_investments: [],
    ...overrides,
  };
}

/** One of GET /api/profile/investments. */
export function myInvestmentFixture(overrides: Partial<MyInvestment> = {}): MyInvestment {
  return {
    id: 901,
    amount: '5000.00',
    shares: '4000',
    status: 'reserved',
    type: 'platform',
    paid_amount: '0.00',
    payment_reference: 'PTC-41-901',
    created_at: AT,
    called_at: null,
    paid_at: null,
    completed_at: null,
    cancelled_at: null,
    cancel_reason: null,
    holding: { type: 'self', id: null, name: 'Olivia Carter' },
    opportunity: {
      id: 41,
      slug: 'harbour-robotics',
      name: 'Harbour Robotics Series A',
      company_name: 'Harbour Robotics Ltd',
      status: 2,
      share_price: '1.250000',
      tax_relief: 'eis',
      cover_image_url: null,
    },
    cash_call: null,
    bank_details: null,
    ...overrides,
  };
}

/** A pre-emption right as GET /api/profile/pre-emption answers it: awaiting, £2,499.00 entitlement. */
export function preEmptionFixture(overrides: Partial<ProfilePreEmption> = {}): ProfilePreEmption {
  return {
    opportunity: { id: 41, name: 'Harbour Robotics Series A', slug: 'harbour-robotics', currency: 'GBP' },
    existing_investment: { id: 12, name: 'Harbour Robotics Seed' },
    opens_on: null,
    ends_on: '2026-12-17',
    open: true,
    shares: '250.000000',
    entitlement_shares: '1999',
    entitlement: '2498.75',
    share_price: '1.250000',
    choice: 5,
    choice_label: 'Awaiting',
    amount: null,
    committed: '0.00',
    decided_at: null,
    ...overrides,
  };
}
