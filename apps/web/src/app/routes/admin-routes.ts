import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { ADMIN_SCREENS, type AdminScreen } from '../../config/admin-menu';
import { INVESTOR_TABS, type InvestorTabId } from '../../config/records';
import type { Guards } from '../guards';

type PageLoader = () => Promise<ComponentType>;

const settings = {
  account: async () => (await import('../../features/branding/pages/account-page')).AccountPage,
  features: async () => (await import('../../features/branding/pages/features-page')).FeaturesPage,
  terminology: async () => (await import('../../features/branding/pages/terminology-page')).TerminologyPage,
  terms: async () => (await import('../../features/branding/pages/terms-settings-page')).TermsSettingsPage,
  riskWarning: async () =>
    (await import('../../features/branding/pages/risk-warning-settings-page')).RiskWarningSettingsPage,
  marketSounding: async () =>
    (await import('../../features/branding/pages/market-sounding-settings-page')).MarketSoundingSettingsPage,
} satisfies Record<string, PageLoader>;

const investors = {
  list: async () => (await import('../../features/investors/pages/investors-list-page')).InvestorsListPage,
  create: async () => (await import('../../features/investors/pages/new-investor-page')).NewInvestorPage,
  record: async () =>
    (await import('../../features/investors/pages/investor-record-page')).InvestorRecordPage,
  edit: async () => (await import('../../features/investors/pages/investor-edit-page')).InvestorEditPage,
  leadStatuses: async () =>
    (await import('../../features/lead-statuses/pages/lead-statuses-page')).LeadStatusesPage,
} satisfies Record<string, PageLoader>;

/** Each investor tab's page: a tab added to INVESTOR_TABS does not build until its page is here. */
const INVESTOR_TAB_PAGES: Record<InvestorTabId, PageLoader> = {
  activity: async () =>
    (await import('../../features/investors/pages/investor-activity-page')).InvestorActivityPage,
  documents: async () =>
    (await import('../../features/investors/pages/investor-documents-page')).InvestorDocumentsPage,
  'notes-calls-tasks': async () =>
    (await import('../../features/investors/pages/investor-notes-page')).InvestorNotesPage,
};

/**
 * The back office: its layout and every page load only when a staff user opens /admin, so investors
 * never download admin code. Each screen takes its path, permission and feature from ADMIN_SCREENS.
 */
export function adminRoutes(guards: Guards): RouteObject {
  const screen = (definition: AdminScreen, Component: PageLoader): RouteObject => ({
    path: definition.path,
    loader: guards.adminScreen(definition),
    lazy: { Component },
  });

  /** A record's tabs as child routes of its page, each guarded by its own permission and feature. */
  const tabRoutes = (tabs: typeof INVESTOR_TABS, pages: Record<InvestorTabId, PageLoader>): RouteObject[] =>
    tabs.map((tab) => {
      const guard = guards.adminScreen(tab);
      const lazy = { Component: pages[tab.id] };
      return tab.path === '' ? { index: true, loader: guard, lazy } : { path: tab.path, loader: guard, lazy };
    });

  return {
    path: 'admin',
    loader: guards.staffArea,
    lazy: { Component: async () => (await import('./admin-area')).AdminArea },
    children: [
      {
        index: true,
        loader: guards.adminScreen(ADMIN_SCREENS.overview),
        lazy: {
          Component: async () => (await import('../../features/overview/pages/overview-page')).OverviewPage,
        },
      },
      screen(ADMIN_SCREENS.investors, investors.list),
      screen(ADMIN_SCREENS.newInvestor, investors.create),
      {
        path: ADMIN_SCREENS.investorDetails.path,
        loader: guards.adminScreen(ADMIN_SCREENS.investorDetails),
        lazy: { Component: investors.record },
        children: tabRoutes(INVESTOR_TABS, INVESTOR_TAB_PAGES),
      },
      screen(ADMIN_SCREENS.investorEdit, investors.edit),
      // A record's bare address opens its details.
      {
        path: '/admin/investors/:id',
        loader: ({ params }) => redirect(`/admin/investors/${params.id ?? ''}/details`),
      },
      screen(ADMIN_SCREENS.leadStatuses, investors.leadStatuses),
      screen(ADMIN_SCREENS.account, settings.account),
      screen(ADMIN_SCREENS.features, settings.features),
      screen(
        ADMIN_SCREENS.adminAccounts,
        async () =>
          (await import('../../features/staff-accounts/pages/staff-accounts-page')).StaffAccountsPage,
      ),
      screen(ADMIN_SCREENS.terminology, settings.terminology),
      screen(ADMIN_SCREENS.terminologyOpportunities, settings.terminology),
      screen(ADMIN_SCREENS.terminologyRoles, settings.terminology),
      screen(ADMIN_SCREENS.terminologyInvestor, settings.terminology),
      screen(ADMIN_SCREENS.terminologyPortfolioColumns, settings.terminology),
      screen(ADMIN_SCREENS.terminologyFunds, settings.terminology),
      screen(ADMIN_SCREENS.investorTerms, settings.terms),
      screen(ADMIN_SCREENS.riskWarning, settings.riskWarning),
      screen(ADMIN_SCREENS.marketSounding, settings.marketSounding),
      screen(
        ADMIN_SCREENS.security,
        async () => (await import('../../features/security/pages/security-page')).SecurityPage,
      ),
      screen(
        ADMIN_SCREENS.accountDetails,
        async () => (await import('../../features/security/pages/account-details-page')).AccountDetailsPage,
      ),
    ],
  };
}
