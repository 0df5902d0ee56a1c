import {
  ALL_FEATURES_OFF,
  DEFAULT_COLOURS,
  DEFAULT_TERMINOLOGY,
  featureSpellings,
  type Branding,
  type FeatureKey,
  type Opportunity,
  type RoleId,
  type User,
} from '@portico/contracts';

let nextId = 100;

/** A user as GET /api/user returns it. */
export function buildUser(overrides: Partial<User> = {}): User {
  nextId += 1;
  return {
    id: nextId,
    name: 'Alex Morgan',
    email: `user${nextId}@portico.test`,
    email_verified_at: '2024-05-01T10:15:30.000000Z',
    avatar: '/images/default-avatar.svg',
    role_id: 1,
    accepted_terms_version: 1,
    compliance_passed: 0,
    compliance_tries: 0,
    compliance_questions: null,
    last_login_at: null,
    notification_emails: true,
    created_at: '2024-05-01T10:15:30.000000Z',
    updated_at: '2024-05-01T10:15:30.000000Z',
    ...overrides,
  };
}

export function userWithRole(roleId: RoleId, overrides: Partial<User> = {}): User {
  return buildUser({ role_id: roleId, ...overrides });
}

/** The branding record as GET /api/branding answers it: the defaults, every feature off. */
export function buildBranding(overrides: Partial<Branding> = {}): Branding {
  return {
    id: 1,
    colours: { ...DEFAULT_COLOURS },
    navigation: { ...DEFAULT_TERMINOLOGY },
    logo: null,
    logoLight: null,
    logo_alt: 'Portico',
    favicon: null,
    terms_version: 1,
    terms_format: 'text',
    terms_text: 'Our terms.',
    terms_url: null,
    market_sounding_description: 'Market sounding.',
    risk_warning_text: 'Risk summary.',
    isCustomBranding: false,
    isTrial: false,
    appVersion: '1.0.0',
    appName: 'Portico',
    investorNavVariant: 0,
    backToSiteUrl: null,
    realtime: { key: 'test-key', path: '/app' },
    updated_at: null,
    ...featureSpellings(ALL_FEATURES_OFF),
    ...overrides,
  };
}

/** Branding with some features switched on, in both spellings. */
export function brandingWithFeatures(on: FeatureKey[], overrides: Partial<Branding> = {}): Branding {
  const features = { ...ALL_FEATURES_OFF };
  for (const key of on) features[key] = true;
  return buildBranding({ ...featureSpellings(features), ...overrides });
}

const OPPORTUNITY_AT = '2026-11-20T10:00:00.000000Z';

/** An opportunity as GET /api/opportunities/{id} answers it (a live one by default). */
export function opportunityFixture(overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    id: 41,
    slug: 'harbour-robotics',
    name: 'Harbour Robotics Series A',
    company_name: 'Harbour Robotics Ltd',
    status: 2,
    stage: 2,
    summary: 'Autonomous inspection robots for ports.',
    currency: 'GBP',
    target_amount: '500000.00',
    maximum_amount: '600000.00',
    minimum_investment: '1000.00',
    committed_amount: '125000.00',
    share_price: '1.250000',
    share_class: 'Ordinary',
    tax_relief: 'eis',
    closing_date: '2026-12-31',
    type: null,
    sub_type: null,
    industry: null,
    category: null,
    character: null,
    cover_image_url: null,
    fund_id: null,
    fund_name: null,
    published_at: OPPORTUNITY_AT,
    closed_at: null,
    completed_at: null,
    matured_at: null,
    created_at: OPPORTUNITY_AT,
    updated_at: OPPORTUNITY_AT,
    description: '<p>Robots that inspect quay walls.</p>',
    key_points: [{ id: 1, text: 'Contracts with three ports' }],
    key_dates: [],
    team_members: [],
    gallery: [],
    faqs: [],
    public_documents: [],
    ...overrides,
  };
}
