// Plain constants, no zod: the web app's first page imports these through '@portico/contracts/constants'.
/**
 * Feature flags of spec §3. Each has two spellings in use (the branding record's camelCase and the
 * settings API's snake_case); the API accepts and returns both. `key` is ours, for code.
 */
export const FEATURE_FLAGS = [
  { key: 'funds', camel: 'enableFunds', snake: 'funds_enabled' },
  { key: 'complianceTest', camel: 'enableComplianceTest', snake: 'compliance_test_enabled' },
  {
    key: 'complianceRequiresCategorisation',
    camel: 'enableComplianceRequiresCategorisation',
    snake: 'compliance_test_requires_categorisation_approval',
  },
  { key: 'screening', camel: 'enableScreening', snake: 'user_screening_enabled' },
  { key: 'tax', camel: 'enableTax', snake: 'tax_enabled' },
  { key: 'nominee', camel: 'enableNominee', snake: 'nominee_enabled' },
  { key: 'internationalAml', camel: 'enableInternationalAml', snake: 'ca_use_intl_check' },
  { key: 'hideBank', camel: 'enableHideBank', snake: 'hide_bank_details' },
  { key: 'hideBankAdmin', camel: 'enableHideBankAdmin', snake: 'hide_bank_details_admin' },
  { key: 'hidePayee', camel: 'enableHidePayee', snake: 'hide_payment_reference' },
  { key: 'marketSounding', camel: 'enableMarketSounding', snake: 'market_sounding_enabled' },
  {
    key: 'investorTypePopup',
    camel: 'enableInvestorTypePopup',
    snake: 'investor_categorisation_popups_enabled',
  },
  { key: 'investmentTerms', camel: 'termsConditions', snake: 'investment_terms_enabled' },
  { key: 'inviteOnRegister', camel: 'inviteOnRegister', snake: 'invite_on_register' },
  { key: 'riskWarning', camel: 'enableRiskWarning', snake: 'risk_warning_enabled' },
  {
    key: 'financialPromotionExceptions',
    camel: 'enableFinancialPromotionExceptions',
    snake: 'financial_promotion_exceptions_enabled',
  },
  { key: 'internationalBank', camel: 'enableInternationalBank', snake: 'intl_bank_details_enabled' },
  {
    key: 'defaultInvestorAssociates',
    camel: 'enableDefaultInvestorAssociates',
    snake: 'default_investor_associates',
  },
  { key: 'organisationLinks', camel: 'enableOrganisationLinks', snake: 'organisation_links_enabled' },
  // Spec §2.1: investment categories and characters "depend on a feature flag" that §3 does not name.
  {
    key: 'investmentClassification',
    camel: 'enableInvestmentClassification',
    snake: 'investment_classification_enabled',
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
  // issue 11: cash calls leave out the bank details and the payment reference by these
  'hideBank',
  'hidePayee',
  'riskWarning',
  'organisationLinks',
  'complianceTest',
  'screening',
  'internationalAml',
  'internationalBank',
  'investorTypePopup',
  'investmentClassification',
  // issue 11 (investing)
  'investmentTerms',
  'hideBank',
  'hidePayee',
  // issue 20 (funds): the admin's funds, their terms and NAVs first; the rest of the issue builds on them
  'funds',
  // issue 21: market soundings and the insider register
  'marketSounding',
  // issue 21: the last switches (decision 032)
  'financialPromotionExceptions',
  'inviteOnRegister',
  'defaultInvestorAssociates',
]);

export const isFeatureAvailable = (key: FeatureKey): boolean => AVAILABLE_FEATURES.has(key);

export const FEATURE_NOT_YET_AVAILABLE = 'Not yet available';

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
