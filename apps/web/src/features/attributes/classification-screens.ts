import type { ClassificationKind } from '@portico/contracts';
import { ADMIN_SCREENS, type AdminScreen } from '../../config/admin-menu';

/** Each list's page of Settings → attributes (spec §2.1 names kpi-category in the singular). */
export const CLASSIFICATION_SCREENS: Record<ClassificationKind, AdminScreen> = {
  industries: ADMIN_SCREENS.industries,
  investment_types: ADMIN_SCREENS.investmentTypes,
  investment_sub_types: ADMIN_SCREENS.investmentSubTypes,
  investment_categories: ADMIN_SCREENS.investmentCategories,
  investment_characters: ADMIN_SCREENS.investmentCharacters,
  kpi_categories: ADMIN_SCREENS.kpiCategories,
};

/** What deleting an entry means, after "Delete <name>?". */
export const DELETE_CONSEQUENCES: Record<ClassificationKind, string> = {
  industries: 'It cannot be deleted while deals or opportunities use it.',
  investment_types: 'Its sub-types go with it. It cannot be deleted while deals or opportunities use it.',
  investment_sub_types: 'It cannot be deleted while opportunities use it.',
  investment_categories: 'It cannot be deleted while opportunities use it.',
  investment_characters: 'It cannot be deleted while opportunities use it.',
  kpi_categories: 'It cannot be deleted while it holds KPIs.',
};

export const DESCRIPTIONS: Record<ClassificationKind, string> = {
  industries: 'The sectors deals and opportunities are filed under, in the order forms offer them.',
  investment_types:
    'How an investment is structured: equity, advance subscription agreements, loan notes, funds.',
  investment_sub_types: 'The rounds or kinds within each investment type: seed, Series A, bridge…',
  investment_categories: 'A further classification of opportunities, for reporting and filters.',
  investment_characters: 'How the platform takes part in an opportunity: lead, co-investment, syndicate…',
  kpi_categories: 'The groups KPIs are reported under: financial, customers, team…',
};
