import { ALL_FEATURES_OFF } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { investorNav, type InvestorMenuItem } from './investor-menu';

/** Every screen of spec §2.3, as the menu will list them once they exist. */
const ALL_SCREENS: InvestorMenuItem[] = [
  { id: 'overview', label: 'Overview', term: 'overview', path: '/investor' },
  { id: 'investments', label: 'Investments', term: 'investments', path: '/investor/investments' },
  { id: 'portfolio', label: 'Portfolio', term: 'portfolio', path: '/investor/portfolio' },
  { id: 'news', label: 'News', term: 'news', path: '/investor/news' },
  { id: 'profile', label: 'Profile', term: 'profile', path: '/investor/profile/view' },
];

const ids = (items: InvestorMenuItem[]) => items.map((item) => item.id);

describe('investor navigation variants (spec §2.3)', () => {
  it('variant 0: Overview, Investments, Portfolio, News, Profile', () => {
    expect(ids(investorNav(0, ALL_FEATURES_OFF, ALL_SCREENS))).toEqual([
      'overview',
      'investments',
      'portfolio',
      'news',
      'profile',
    ]);
  });

  it('variant 1: Portfolio, Investments, Profile', () => {
    expect(ids(investorNav(1, ALL_FEATURES_OFF, ALL_SCREENS))).toEqual([
      'portfolio',
      'investments',
      'profile',
    ]);
  });

  it('variant 2: Investments, Portfolio, Profile', () => {
    expect(ids(investorNav(2, ALL_FEATURES_OFF, ALL_SCREENS))).toEqual([
      'investments',
      'portfolio',
      'profile',
    ]);
  });

  it('lists only the screens that exist (Overview, Investments, Portfolio, News and Profile)', () => {
    expect(ids(investorNav(0))).toEqual(['overview', 'investments', 'portfolio', 'news', 'profile']);
    expect(ids(investorNav(1))).toEqual(['portfolio', 'investments', 'profile']);
    expect(ids(investorNav(2))).toEqual(['investments', 'portfolio', 'profile']);
  });

  it('hides a gated screen while its feature is off', () => {
    const gated = ALL_SCREENS.map((item) =>
      item.id === 'news' ? { ...item, feature: 'funds' as const } : item,
    );
    expect(ids(investorNav(0, ALL_FEATURES_OFF, gated))).not.toContain('news');
    expect(ids(investorNav(0, { ...ALL_FEATURES_OFF, funds: true }, gated))).toContain('news');
  });
});
