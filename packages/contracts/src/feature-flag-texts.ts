// What staff read about each feature flag (settings → account → features, and the API's refusals). Kept
// apart from FEATURE_FLAGS so the investor portal's first page does not carry these words.
import type { FeatureFlag, FeatureKey } from './feature-flags';

export interface FeatureFlagText {
  label: string;
  description: string;
}

export const FEATURE_FLAG_TEXTS: Record<FeatureKey, FeatureFlagText> = {
  funds: {
    label: 'Funds',
    description: 'Pooled funds: the Funds menu, fund pages and fund investments in both portals.',
  },
  complianceTest: {
    label: 'Appropriateness test',
    description: 'Investors must pass the appropriateness (compliance) test before they can invest.',
  },
  complianceRequiresCategorisation: {
    label: 'Categorisation approval before the test',
    description: 'Staff approve an investor’s categorisation before their appropriateness test opens.',
  },
  screening: {
    label: 'AML/KYC screening',
    description: 'Investors are screened (anti-money-laundering and identity checks) during onboarding.',
  },
  tax: {
    label: 'Tax details',
    description: 'Collect NI number and UTR, needed for EIS and SEIS certificates.',
  },
  nominee: {
    label: 'Nominee accounts',
    description: 'Investments may be held through a nominee; shows the Nominees screens.',
  },
  internationalAml: {
    label: 'International AML check',
    description: 'Screening also runs the international identity check for investors outside the UK.',
  },
  hideBank: {
    label: 'Hide bank details from investors',
    description: 'Investors do not see the platform’s bank details on cash calls.',
  },
  hideBankAdmin: {
    label: 'Hide bank details in the admin portal',
    description: 'Staff screens do not show investors’ bank details.',
  },
  hidePayee: {
    label: 'Hide payment reference',
    description: 'Cash calls do not show a payment reference to investors.',
  },
  marketSounding: {
    label: 'Market sounding',
    description: 'Staff may market-sound investors before a deal is public; shows the Insider register.',
  },
  investorTypePopup: {
    label: 'Categorisation pop-ups',
    description: 'Investors confirm their categorisation in pop-ups in the portal.',
  },
  investmentTerms: {
    label: 'Investment terms',
    description: 'Investors accept each opportunity’s own terms before they invest.',
  },
  inviteOnRegister: {
    label: 'Invite on register',
    description:
      'New registrations are invited to the open Live - Internal opportunities automatically (Live - External ones reach every investor already).',
  },
  riskWarning: {
    label: 'Risk warning',
    description: 'Shows the regulator’s risk warning banner, with its risk summary, on every investor page.',
  },
  financialPromotionExceptions: {
    label: 'Financial promotion exemptions',
    description:
      'Live opportunities reach only investors with a valid financial promotion exemption, recorded on their Promotion exemptions tab.',
  },
  internationalBank: {
    label: 'International bank details',
    description: 'Investors may give IBAN and SWIFT bank details instead of a UK account.',
  },
  defaultInvestorAssociates: {
    label: 'Default investor associates',
    description:
      'New investors are linked to the default associates (adviser, organisation) chosen under Default investor associates below.',
  },
  organisationLinks: {
    label: 'Organisation links',
    description: 'Investors link to organisations; shows Organisation applications.',
  },
  investmentClassification: {
    label: 'Investment categories and characters',
    description: 'Classify opportunities by category and character as well as type, sub-type and industry.',
  },
};

/** The 422 message for switching on a flag whose feature does not exist yet. */
export const featureNotAvailableMessage = (flag: FeatureFlag): string =>
  `${FEATURE_FLAG_TEXTS[flag.key].label} is not yet available on this platform, so it cannot be switched on.`;
