import type { FeatureKey, FeatureSet, TermKey } from '@portico/contracts';

/** The investor portal's screens, by the names spec §2.3 gives its navigation. */
export type InvestorScreenId = 'overview' | 'investments' | 'portfolio' | 'news' | 'profile';

export interface InvestorMenuItem {
  readonly id: InvestorScreenId;
  /** the default label; the deployment's terminology (`term`) renames it */
  readonly label: string;
  readonly term?: TermKey;
  readonly path: string;
  /** a gated screen shows only while its feature is on */
  readonly feature?: FeatureKey;
}

/**
 * The investor screens that exist. A later issue adds News here, and
 * everything driven by this list (the navigation, the error page's links) follows.
 */
export const INVESTOR_MENU: readonly InvestorMenuItem[] = [
  { id: 'overview', label: 'Overview', term: 'overview', path: '/investor' },
  { id: 'investments', label: 'Investments', term: 'investments', path: '/investor/investments' },
  { id: 'portfolio', label: 'Portfolio', term: 'portfolio', path: '/investor/portfolio' },
  { id: 'news', label: 'News', term: 'news', path: '/investor/news' },
  { id: 'profile', label: 'Profile', term: 'profile', path: '/investor/profile/view' },
];

export const INVESTOR_HOME = '/investor';

/** Spec §2.3: the order and set of the navigation, switched per deployment (INVESTOR_NAV_VARIANT). */
export const INVESTOR_NAV_VARIANTS = {
  0: ['overview', 'investments', 'portfolio', 'news', 'profile'],
  1: ['portfolio', 'investments', 'profile'],
  2: ['investments', 'portfolio', 'profile'],
} as const satisfies Record<number, readonly InvestorScreenId[]>;

export type InvestorNavVariant = keyof typeof INVESTOR_NAV_VARIANTS;

/** The navigation of a variant: its screens in its order, those that exist and whose feature is on. */
export function investorNav(
  variant: InvestorNavVariant,
  features?: FeatureSet,
  screens: readonly InvestorMenuItem[] = INVESTOR_MENU,
): InvestorMenuItem[] {
  const order: readonly InvestorScreenId[] = INVESTOR_NAV_VARIANTS[variant];
  return order.flatMap((id) => {
    const screen = screens.find((item) => item.id === id);
    if (!screen) return [];
    if (screen.feature !== undefined && !(features?.[screen.feature] ?? false)) return [];
    return [screen];
  });
}

export function investorScreen(
  id: InvestorScreenId,
  menu: readonly InvestorMenuItem[] = INVESTOR_MENU,
): InvestorMenuItem | undefined {
  return menu.find((item) => item.id === id);
}
