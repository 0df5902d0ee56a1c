// Plain constants, no zod: the web app's first page imports these through '@portico/contracts/constants'.
/**
 * Feature flags of spec §3. Each has two spellings in use (the branding record's camelCase and the
 * settings API's snake_case); the API accepts and returns both. `key` is ours, for code.
 */
export const FEATURE_FLAGS = [
  {
    key: 'funds',
    camel: 'enableFunds',
    snake: 'funds_enabled',
    label: 'Funds',
    description: 'Pooled funds: the Funds menu, fund pages and fund investments in both portals.',
  },
  {
    key: 'complianceTest',
    camel: 'enableComplianceTest',
    snake: 'compliance_test_enabled',
    label: 'Appropriateness test',
    description: 'Investors must pass the appropriateness (compliance) test before they can invest.',
  },
  {
    key: 'complianceRequiresCategorisation',
    camel: 'enableComplianceRequiresCategorisation',
    snake: 'compliance_test_requires_categorisation_approval',
    label: 'Categorisation approval before the test',
    description: 'Staff approve an investor’s categorisation before their appropriateness test opens.',
  },
  {
    key: 'screening',
    camel: 'enableScreening',
    snake: 'user_screening_enabled',
    label: 'AML/KYC screening',
    description: 'Investors are screened (anti-money-laundering and identity checks) during onboarding.',
  },
  {
    key: 'tax',
    camel: 'enableTax',
    snake: 'tax_enabled',
    label: 'Tax details',
    description: 'Collect NI number and UTR, needed for EIS and SEIS certificates.',
  },
  {
    key: 'nominee',
    camel: 'enableNominee',
    snake: 'nominee_enabled',
    label: 'Nominee accounts',
    description: 'Investments may be held through a nominee; shows the Nominees screens.',
  },
  {
    key: 'internationalAml',
    camel: 'enableInternationalAml',
    snake: 'ca_use_intl_check',
    label: 'International AML check',
    description: 'Screening also runs the international identity check for investors outside the UK.',
  },
  {
    key: 'hideBank',
    camel: 'enableHideBank',
    snake: 'hide_bank_details',
    label: 'Hide bank details from investors',
    description: 'Investors do not see the platform’s bank details on cash calls.',
  },
  {
    key: 'hideBankAdmin',
    camel: 'enableHideBankAdmin',
    snake: 'hide_bank_details_admin',
    label: 'Hide bank details in the admin portal',
    description: 'Staff screens do not show investors’ bank details.',
  },
  {
    key: 'hidePayee',
    camel: 'enableHidePayee',
    snake: 'hide_payment_reference',
    label: 'Hide payment reference',
    description: 'Cash calls do not show a payment reference to investors.',
  },
  {
    key: 'marketSounding',
    camel: 'enableMarketSounding',
    snake: 'market_sounding_enabled',
    label: 'Market sounding',
    description: 'Staff may market-sound investors before a deal is public; shows the Insider register.',
  },
  {
    key: 'investorTypePopup',
    camel: 'enableInvestorTypePopup',
    snake: 'investor_categorisation_popups_enabled',
    label: 'Categorisation pop-ups',
    description: 'Investors confirm their categorisation in pop-ups in the portal.',
  },
  {
    key: 'investmentTerms',
    camel: 'termsConditions',
    snake: 'investment_terms_enabled',
    label: 'Investment terms',
    description: 'Investors accept each opportunity’s own terms before they invest.',
  },
  {
    key: 'inviteOnRegister',
    camel: 'inviteOnRegister',
    snake: 'invite_on_register',
    label: 'Invite on register',
    description: 'New registrations are invited to the open opportunities automatically.',
  },
  {
    key: 'riskWarning',
    camel: 'enableRiskWarning',
    snake: 'risk_warning_enabled',
    label: 'Risk warning',
    description: 'Shows the regulator’s risk warning banner, with its risk summary, on every investor page.',
  },
  {
    key: 'financialPromotionExceptions',
    camel: 'enableFinancialPromotionExceptions',
    snake: 'financial_promotion_exceptions_enabled',
    label: 'Financial promotion exemptions',
    description: 'Record the exemption under which each investor may receive promotions.',
  },
  {
    key: 'internationalBank',
    camel: 'enableInternationalBank',
    snake: 'intl_bank_details_enabled',
    label: 'International bank details',
    description: 'Investors may give IBAN and SWIFT bank details instead of a UK account.',
  },
  {
    key: 'defaultInvestorAssociates',
    camel: 'enableDefaultInvestorAssociates',
    snake: 'default_investor_associates',
    label: 'Default investor associates',
    description: 'New investors are linked to the default associates (adviser, organisation) automatically.',
  },
  {
    key: 'organisationLinks',
    camel: 'enableOrganisationLinks',
    snake: 'organisation_links_enabled',
    label: 'Organisation links',
    description: 'Investors link to organisations; shows Organisation applications.',
  },
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureKey = FeatureFlag['key'];
export type FeatureCamel = FeatureFlag['camel'];
export type FeatureSnake = FeatureFlag['snake'];
export type FeatureSet = Record<FeatureKey, boolean>;

export const FEATURE_KEYS = FEATURE_FLAGS.map<FeatureKey>((flag) => flag.key);

/**
 * The flags whose feature exists today. A flag not listed here cannot be switched on (the API refuses
 * it and the features page shows it as not yet available), and reads as off whatever was stored. The
 * issue that builds a flag's feature adds the flag here.
 */
export const AVAILABLE_FEATURES: ReadonlySet<FeatureKey> = new Set<FeatureKey>([
  'complianceRequiresCategorisation',
  'tax',
  'nominee',
  'hideBankAdmin',
  'riskWarning',
  'organisationLinks',
  'complianceTest',
  'screening',
  'internationalAml',
  'internationalBank',
  'investorTypePopup',
]);

export const isFeatureAvailable = (key: FeatureKey): boolean => AVAILABLE_FEATURES.has(key);

export const FEATURE_NOT_YET_AVAILABLE = 'Not yet available';

/** The 422 message for switching on a flag whose feature does not exist yet. */
export const featureNotAvailableMessage = (flag: FeatureFlag): string =>
  `${flag.label} is not yet available on this platform, so it cannot be switched on.`;

export const featureFlag = (key: FeatureKey): FeatureFlag => {
  const flag = FEATURE_FLAGS.find((candidate) => candidate.key === key);
  if (!flag) throw new Error(`unknown feature ${key}`);
  return flag;
};

export const ALL_FEATURES_OFF: FeatureSet = Object.fromEntries(
  FEATURE_KEYS.map((key) => [key, false]),
) as FeatureSet;
export const ALL_FEATURES_ON: FeatureSet = Object.fromEntries(
  FEATURE_KEYS.map((key) => [key, true]),
) as FeatureSet;

/** Both spellings of every flag, as the API answers them. */
export function featureSpellings(features: FeatureSet): Record<FeatureCamel | FeatureSnake, boolean> {
  return Object.fromEntries(
    FEATURE_FLAGS.flatMap((flag) => [
      [flag.camel, features[flag.key]],
      [flag.snake, features[flag.key]],
    ]),
  ) as Record<FeatureCamel | FeatureSnake, boolean>;
}

/** Reads flags given in either spelling (snake_case wins if both are sent); absent flags stay undefined. */
export function readFeatureInput(input: Record<string, unknown>): Partial<FeatureSet> {
  const result: Partial<FeatureSet> = {};
  for (const flag of FEATURE_FLAGS) {
    const value = input[flag.snake] ?? input[flag.camel];
    if (typeof value === 'boolean') result[flag.key] = value;
    else if (value === '1' || value === 'true' || value === 1) result[flag.key] = true;
    else if (value === '0' || value === 'false' || value === 0) result[flag.key] = false;
  }
  return result;
}
