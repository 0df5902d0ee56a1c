import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { ADMIN_SCREENS, type AdminScreen } from '../../config/admin-menu';
import { FUND_COMPANY_TABS, type FundCompanyTabId } from '../../features/fund-companies/fund-company-paths';
import type { Guards } from '../guards';

type PageLoader = () => Promise<ComponentType>;

const pages = {
  list: async () =>
    (await import('../../features/fund-companies/pages/fund-companies-list-page')).FundCompaniesListPage,
  create: async () =>
    (await import('../../features/fund-companies/pages/new-fund-company-page')).NewFundCompanyPage,
  record: async () =>
    (await import('../../features/fund-companies/pages/fund-company-record-page')).FundCompanyRecordPage,
  edit: async () =>
    (await import('../../features/fund-companies/pages/fund-company-edit-page')).FundCompanyEditPage,
} satisfies Record<string, PageLoader>;

const TAB_PAGES: Record<FundCompanyTabId, PageLoader> = {
  details: async () =>
    (await import('../../features/fund-companies/pages/fund-company-details-page')).FundCompanyDetailsPage,
  'key-information': async () =>
    (await import('../../features/fund-companies/pages/fund-company-key-information-page'))
      .FundCompanyKeyInformationPage,
  transactions: async () =>
    (await import('../../features/fund-companies/pages/fund-company-transactions-page'))
      .FundCompanyTransactionsPage,
  'notes-calls-tasks': async () =>
    (await import('../../features/fund-companies/pages/fund-company-notes-page')).FundCompanyNotesPage,
  'maturity-statuses': async () =>
    (await import('../../features/fund-companies/pages/fund-company-statuses-page')).FundCompanyStatusesPage,
};

/** The fund's Portfolio tab (/admin/funds/{id}/details/portfolio): a child of the fund's page. */
export const fundPortfolioPage: PageLoader = async () =>
  (await import('../../features/fund-companies/pages/fund-portfolio-page')).FundPortfolioPage;

/**
 * Fund-investment companies (spec §2.1, issue 20): the list, a new company, its page with its tabs under its
 * id (the bare address opens its details) and its edit page; each guarded like its ADMIN_SCREENS entry.
 */
export function fundCompanyRoutes(guards: Guards): RouteObject[] {
  const screen = (definition: AdminScreen, Component: PageLoader): RouteObject => ({
    path: definition.path,
    loader: guards.adminScreen(definition),
    lazy: { Component },
  });
  return [
    screen(ADMIN_SCREENS.fundCompanies, pages.list),
    screen(ADMIN_SCREENS.newFundCompany, pages.create),
    screen(ADMIN_SCREENS.fundCompanyEdit, pages.edit),
    {
      path: ADMIN_SCREENS.fundCompanyRecord.path,
      loader: guards.adminScreen(ADMIN_SCREENS.fundCompanyRecord),
      lazy: { Component: pages.record },
      children: [
        {
          index: true,
          loader: ({ params }) => redirect(`/admin/investments/companies/${params.id ?? ''}/details`),
        },
        ...FUND_COMPANY_TABS.map((tab) => ({
          path: tab.path,
          loader: guards.adminScreen(tab),
          lazy: { Component: TAB_PAGES[tab.id] },
        })),
      ],
    },
  ];
}
