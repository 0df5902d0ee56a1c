import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { ADMIN_SCREENS, type AdminScreen } from '../../config/admin-menu';
import {
  CLIENT_GROUP_TABS,
  CONTACT_TABS,
  EXISTING_INVESTMENT_TABS,
  DEAL_TABS,
  INVESTMENT_METHOD_TABS,
  OPPORTUNITY_TABS,
  INVESTOR_TABS,
  NOMINEE_TABS,
  ORGANISATION_TABS,
  type ClientGroupTabId,
  type ContactTabId,
  type ExistingInvestmentTabId,
  type OpportunityTabId,
  type DealTabId,
  type InvestmentMethodTabId,
  type InvestorTabId,
  type NomineeTabId,
  type OrganisationTabId,
  type RecordTab,
} from '../../config/records';
import type { Guards } from '../guards';
import { fundCompanyRoutes, fundPortfolioPage } from './fund-company-routes';

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

/** Settings → investor (issue 21): its overview, and the portfolio's columns and headline figures. */
const investorSettings = {
  overview: async () =>
    (await import('../../features/portfolio-settings/pages/investor-settings-page')).InvestorSettingsPage,
  columns: async () =>
    (await import('../../features/portfolio-settings/pages/portfolio-columns-page')).PortfolioColumnsPage,
  column: async () =>
    (await import('../../features/portfolio-settings/pages/portfolio-column-page')).PortfolioColumnPage,
  stats: async () =>
    (await import('../../features/portfolio-settings/pages/portfolio-stats-page')).PortfolioStatsPage,
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
  transactions: async () =>
    (await import('../../features/investment-transactions/pages/record-transactions-pages'))
      .InvestorTransactionsPage,
  documents: async () =>
    (await import('../../features/investors/pages/investor-documents-page')).InvestorDocumentsPage,
  'notes-calls-tasks': async () =>
    (await import('../../features/investors/pages/investor-notes-page')).InvestorNotesPage,
  category: async () =>
    (await import('../../features/compliance/pages/investor-category-page')).InvestorCategoryPage,
  'investment-documents': async () =>
    (await import('../../features/compliance/pages/investor-onboarding-documents-page'))
      .InvestorOnboardingDocumentsPage,
  'registration-form': async () =>
    (await import('../../features/investors/pages/investor-registration-form-page'))
      .InvestorRegistrationFormPage,
  'fact-find': async () =>
    (await import('../../features/investors/pages/investor-fact-find-page')).InvestorFactFindPage,
  'risk-profile': async () =>
    (await import('../../features/investors/pages/investor-risk-profile-page')).InvestorRiskProfilePage,
  consent: async () =>
    (await import('../../features/compliance/pages/investor-consent-page')).InvestorConsentPage,
  'promotion-exemptions': async () =>
    (await import('../../features/promotion-exceptions/pages/investor-promotion-exemptions-page'))
      .InvestorPromotionExemptionsPage,
};

const contacts = {
  list: async () => (await import('../../features/contacts/pages/contacts-list-page')).ContactsListPage,
  create: async () => (await import('../../features/contacts/pages/new-contact-page')).NewContactPage,
  record: async () => (await import('../../features/contacts/pages/contact-record-page')).ContactRecordPage,
  edit: async () => (await import('../../features/contacts/pages/contact-edit-page')).ContactEditPage,
} satisfies Record<string, PageLoader>;

/** Each contact tab's page. */
const CONTACT_TAB_PAGES: Record<ContactTabId, PageLoader> = {
  activity: async () =>
    (await import('../../features/contacts/pages/contact-activity-page')).ContactActivityPage,
  documents: async () =>
    (await import('../../features/contacts/pages/contact-documents-page')).ContactDocumentsPage,
  'notes-calls-tasks': async () =>
    (await import('../../features/contacts/pages/contact-notes-page')).ContactNotesPage,
  category: async () =>
    (await import('../../features/contacts/pages/contact-category-page')).ContactCategoryPage,
  'registration-form': async () =>
    (await import('../../features/contacts/pages/contact-registration-form-page'))
      .ContactRegistrationFormPage,
  'fact-find': async () =>
    (await import('../../features/contacts/pages/contact-fact-find-page')).ContactFactFindPage,
  'risk-profile': async () =>
    (await import('../../features/contacts/pages/contact-risk-profile-page')).ContactRiskProfilePage,
};

const organisations = {
  list: async () =>
    (await import('../../features/organisations/pages/organisations-list-page')).OrganisationsListPage,
  create: async () =>
    (await import('../../features/organisations/pages/new-organisation-page')).NewOrganisationPage,
  record: async () =>
    (await import('../../features/organisations/pages/organisation-record-page')).OrganisationRecordPage,
  edit: async () =>
    (await import('../../features/organisations/pages/organisation-edit-page')).OrganisationEditPage,
  applications: async () =>
    (await import('../../features/organisation-applications/pages/applications-list-page'))
      .ApplicationsListPage,
  application: async () =>
    (await import('../../features/organisation-applications/pages/application-details-page'))
      .ApplicationDetailsPage,
} satisfies Record<string, PageLoader>;

const ORGANISATION_TAB_PAGES: Record<OrganisationTabId, PageLoader> = {
  transactions: async () =>
    (await import('../../features/investment-transactions/pages/record-transactions-pages'))
      .OrganisationTransactionsPage,
  details: async () =>
    (await import('../../features/organisations/pages/organisation-details-page')).OrganisationDetailsPage,
  'notes-calls-tasks': async () =>
    (await import('../../features/organisations/pages/organisation-notes-page')).OrganisationNotesPage,
};

const investmentMethods = {
  list: async () =>
    (await import('../../features/investment-methods/pages/investment-methods-list-page'))
      .InvestmentMethodsListPage,
  create: async () =>
    (await import('../../features/investment-methods/pages/new-investment-method-page'))
      .NewInvestmentMethodPage,
  record: async () =>
    (await import('../../features/investment-methods/pages/investment-method-record-page'))
      .InvestmentMethodRecordPage,
  edit: async () =>
    (await import('../../features/investment-methods/pages/investment-method-edit-page'))
      .InvestmentMethodEditPage,
} satisfies Record<string, PageLoader>;

const INVESTMENT_METHOD_TAB_PAGES: Record<InvestmentMethodTabId, PageLoader> = {
  transactions: async () =>
    (await import('../../features/investment-transactions/pages/record-transactions-pages'))
      .InvestmentMethodTransactionsPage,
  details: async () =>
    (await import('../../features/investment-methods/pages/investment-method-details-page'))
      .InvestmentMethodDetailsPage,
  'notes-calls-tasks': async () =>
    (await import('../../features/investment-methods/pages/investment-method-notes-page'))
      .InvestmentMethodNotesPage,
};

const nominees = {
  list: async () => (await import('../../features/nominees/pages/nominees-list-page')).NomineesListPage,
  create: async () => (await import('../../features/nominees/pages/new-nominee-page')).NewNomineePage,
  record: async () => (await import('../../features/nominees/pages/nominee-record-page')).NomineeRecordPage,
  edit: async () => (await import('../../features/nominees/pages/nominee-edit-page')).NomineeEditPage,
} satisfies Record<string, PageLoader>;

const NOMINEE_TAB_PAGES: Record<NomineeTabId, PageLoader> = {
  transactions: async () =>
    (await import('../../features/investment-transactions/pages/record-transactions-pages'))
      .NomineeTransactionsPage,
  'notes-calls-tasks': async () =>
    (await import('../../features/nominees/pages/nominee-notes-page')).NomineeNotesPage,
};

const attributes = {
  index: async () => (await import('../../features/attributes/pages/attributes-page')).AttributesPage,
  industries: async () =>
    (await import('../../features/attributes/pages/classification-list-page')).IndustriesPage,
  investmentTypes: async () =>
    (await import('../../features/attributes/pages/classification-list-page')).InvestmentTypesPage,
  investmentSubTypes: async () =>
    (await import('../../features/attributes/pages/classification-list-page')).InvestmentSubTypesPage,
  investmentCategories: async () =>
    (await import('../../features/attributes/pages/classification-list-page')).InvestmentCategoriesPage,
  investmentCharacters: async () =>
    (await import('../../features/attributes/pages/classification-list-page')).InvestmentCharactersPage,
  kpiCategories: async () =>
    (await import('../../features/attributes/pages/classification-list-page')).KpiCategoriesPage,
  kpis: async () => (await import('../../features/attributes/pages/kpis-page')).KpisPage,
  configure: async () =>
    (await import('../../features/attributes/pages/attribute-configure-page')).AttributeConfigurePage,
} satisfies Record<string, PageLoader>;

const opportunities = {
  list: async () =>
    (await import('../../features/opportunities/pages/opportunities-list-page')).OpportunitiesListPage,
  create: async () =>
    (await import('../../features/opportunities/pages/new-opportunity-page')).NewOpportunityPage,
  record: async () =>
    (await import('../../features/opportunities/pages/opportunity-record-page')).OpportunityRecordPage,
  preview: async () =>
    (await import('../../features/opportunities/pages/opportunity-preview-page')).OpportunityPreviewPage,
  existing: async () =>
    (await import('../../features/opportunities/pages/existing-record-page')).ExistingRecordPage,
} satisfies Record<string, PageLoader>;

/** An opportunity's tabs (stages 1 to 4); the record page sends each stage to its own. */
const OPPORTUNITY_TAB_PAGES: Record<OpportunityTabId, PageLoader> = {
  transactions: async () =>
    (await import('../../features/investment-transactions/pages/opportunity-transactions-page'))
      .OpportunityTransactionsPage,
  edit: async () =>
    (await import('../../features/opportunities/pages/opportunity-edit-page')).OpportunityEditPage,
  details: async () =>
    (await import('../../features/opportunities/pages/opportunity-details-page')).OpportunityDetailsPage,
  'key-information': async () =>
    (await import('../../features/opportunities/pages/opportunity-key-information-page'))
      .OpportunityKeyInformationPage,
  'pre-emption': async () =>
    (await import('../../features/pre-emption/pages/opportunity-pre-emption-page')).OpportunityPreEmptionPage,
  'notes-calls-tasks': async () =>
    (await import('../../features/opportunities/pages/opportunity-notes-page')).OpportunityNotesPage,
};

/** An existing investment's tabs (stages 5 and 6). */
const EXISTING_INVESTMENT_TAB_PAGES: Record<ExistingInvestmentTabId, PageLoader> = {
  'key-information': async () =>
    (await import('../../features/opportunities/pages/opportunity-key-information-page'))
      .OpportunityKeyInformationPage,
  performance: async () =>
    (await import('../../features/existing-investments/pages/existing-performance-page'))
      .ExistingPerformancePage,
  transactions: async () =>
    (await import('../../features/existing-investments/pages/existing-transactions-page'))
      .ExistingTransactionsPage,
  'cap-table': async () =>
    (await import('../../features/existing-investments/pages/cap-table-page')).CapTablePage,
  'cap-table-performance': async () =>
    (await import('../../features/existing-investments/pages/cap-table-page')).CapTablePerformancePage,
  'notes-calls-tasks': async () =>
    (await import('../../features/opportunities/pages/opportunity-notes-page')).ExistingNotesPage,
};

const clientGroups = {
  list: async () =>
    (await import('../../features/client-groups/pages/client-groups-list-page')).ClientGroupsListPage,
  create: async () =>
    (await import('../../features/client-groups/pages/new-client-group-page')).NewClientGroupPage,
  record: async () =>
    (await import('../../features/client-groups/pages/client-group-record-page')).ClientGroupRecordPage,
  edit: async () =>
    (await import('../../features/client-groups/pages/client-group-edit-page')).ClientGroupEditPage,
} satisfies Record<string, PageLoader>;

const CLIENT_GROUP_TAB_PAGES: Record<ClientGroupTabId, PageLoader> = {
  members: async () =>
    (await import('../../features/client-groups/pages/client-group-members-page')).ClientGroupMembersPage,
  activity: async () =>
    (await import('../../features/client-groups/pages/client-group-activity-page')).ClientGroupActivityPage,
};

const funds = {
  list: async () => (await import('../../features/funds/pages/funds-list-page')).FundsListPage,
  create: async () => (await import('../../features/funds/pages/new-fund-page')).NewFundPage,
  record: async () => (await import('../../features/funds/pages/fund-record-page')).FundRecordPage,
  edit: async () => (await import('../../features/funds/pages/fund-edit-page')).FundEditPage,
  transactions: async () =>
    (await import('../../features/funds/pages/fund-transactions-page')).FundTransactionsPage,
  notes: async () => (await import('../../features/funds/pages/fund-notes-page')).FundNotesPage,
} satisfies Record<string, PageLoader>;

const deals = {
  board: async () => (await import('../../features/deals/pages/deals-page')).DealsPage,
  create: async () => (await import('../../features/deals/pages/new-deal-page')).NewDealPage,
  record: async () => (await import('../../features/deals/pages/deal-record-page')).DealRecordPage,
  edit: async () => (await import('../../features/deals/pages/deal-edit-page')).DealEditPage,
  pipelines: async () => (await import('../../features/pipelines/pages/pipelines-page')).PipelinesPage,
  stages: async () =>
    (await import('../../features/pipelines/pages/pipeline-stages-page')).PipelineStagesPage,
} satisfies Record<string, PageLoader>;

const DEAL_TAB_PAGES: Record<DealTabId, PageLoader> = {
  'key-information': async () =>
    (await import('../../features/deals/pages/deal-key-information-page')).DealKeyInformationPage,
  performance: async () =>
    (await import('../../features/deals/pages/deal-performance-page')).DealPerformancePage,
  'notes-calls-tasks': async () => (await import('../../features/deals/pages/deal-notes-page')).DealNotesPage,
};

/** KPI reporting (issue 19): the schedule, the KPI form and the KPI portfolio, in one chunk. */
const kpiReports = {
  schedule: async () => (await import('../../features/kpi-reports/load-pages')).KpiSchedulePage,
  entry: async () => (await import('../../features/kpi-reports/load-pages')).KpiEntryPage,
  portfolio: async () => (await import('../../features/kpi-reports/load-pages')).KpiPortfolioPage,
} satisfies Record<string, PageLoader>;

/** Update reports (issue 19): the editor's pages share one chunk with the list and details. */
const updateReports = {
  list: async () => (await import('../../features/update-reports/load-pages')).UpdateReportsListPage,
  create: async () => (await import('../../features/update-reports/load-pages')).NewUpdateReportPage,
  edit: async () => (await import('../../features/update-reports/load-pages')).EditUpdateReportPage,
  details: async () => (await import('../../features/update-reports/load-pages')).UpdateReportDetailsPage,
} satisfies Record<string, PageLoader>;

/** The WIP report (issue 19). */
const wipReport = async () => (await import('../../features/wip-report/pages/wip-report-page')).WipReportPage;

/** Issue 21: the insider register's acceptances and the market soundings, in one chunk. */
const marketSoundings = {
  register: async () => (await import('../../features/market-soundings/load-pages')).InsiderRegisterPage,
  list: async () => (await import('../../features/market-soundings/load-pages')).MarketSoundingsListPage,
  create: async () => (await import('../../features/market-soundings/load-pages')).NewMarketSoundingPage,
  details: async () => (await import('../../features/market-soundings/load-pages')).MarketSoundingDetailsPage,
} satisfies Record<string, PageLoader>;

const compliance = {
  signPdf: async () =>
    (await import('../../features/compliance/pages/investor-sign-pdf-page')).InvestorSignPdfPage,
  signUpDocuments: async () =>
    (await import('../../features/compliance/pages/sign-up-documents-page')).SignUpDocumentsPage,
} satisfies Record<string, PageLoader>;

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
  const tabRoutes = <Tab extends RecordTab>(
    tabs: readonly Tab[],
    pages: Record<Tab['id'], PageLoader>,
  ): RouteObject[] =>
    tabs.map((tab) => {
      const guard = guards.adminScreen(tab);
      const id: Tab['id'] = tab.id;
      const lazy = { Component: pages[id] };
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
      screen(ADMIN_SCREENS.investorSignPdf, compliance.signPdf),
      // A record's bare address opens its details.
      {
        path: '/admin/investors/:id',
        loader: ({ params }) => redirect(`/admin/investors/${params.id ?? ''}/details`),
      },
      screen(ADMIN_SCREENS.contacts, contacts.list),
      screen(ADMIN_SCREENS.newContact, contacts.create),
      {
        path: ADMIN_SCREENS.contactDetails.path,
        loader: guards.adminScreen(ADMIN_SCREENS.contactDetails),
        lazy: { Component: contacts.record },
        children: tabRoutes(CONTACT_TABS, CONTACT_TAB_PAGES),
      },
      screen(ADMIN_SCREENS.contactEdit, contacts.edit),
      {
        path: '/admin/investors/contacts/:id',
        loader: ({ params }) => redirect(`/admin/investors/contacts/${params.id ?? ''}/details`),
      },
      screen(ADMIN_SCREENS.organisations, organisations.list),
      screen(ADMIN_SCREENS.newOrganisation, organisations.create),
      {
        path: ADMIN_SCREENS.organisationDetails.path,
        loader: guards.adminScreen(ADMIN_SCREENS.organisationDetails),
        lazy: { Component: organisations.record },
        children: tabRoutes(ORGANISATION_TABS, ORGANISATION_TAB_PAGES),
      },
      screen(ADMIN_SCREENS.organisationEdit, organisations.edit),
      {
        path: '/admin/investors/organisations/:id',
        loader: ({ params }) => redirect(`/admin/investors/organisations/${params.id ?? ''}/details`),
      },
      screen(ADMIN_SCREENS.organisationApplications, organisations.applications),
      screen(ADMIN_SCREENS.organisationApplicationDetails, organisations.application),
      {
        path: '/admin/investors/organisation-applications/:id',
        loader: ({ params }) =>
          redirect(`/admin/investors/organisation-applications/${params.id ?? ''}/details`),
      },
      screen(ADMIN_SCREENS.investmentMethods, investmentMethods.list),
      screen(ADMIN_SCREENS.newInvestmentMethod, investmentMethods.create),
      {
        path: ADMIN_SCREENS.investmentMethodDetails.path,
        loader: guards.adminScreen(ADMIN_SCREENS.investmentMethodDetails),
        lazy: { Component: investmentMethods.record },
        children: tabRoutes(INVESTMENT_METHOD_TABS, INVESTMENT_METHOD_TAB_PAGES),
      },
      screen(ADMIN_SCREENS.investmentMethodEdit, investmentMethods.edit),
      {
        path: '/admin/investors/investment-methods/:id',
        loader: ({ params }) => redirect(`/admin/investors/investment-methods/${params.id ?? ''}/details`),
      },
      screen(ADMIN_SCREENS.nominees, nominees.list),
      screen(ADMIN_SCREENS.newNominee, nominees.create),
      {
        path: ADMIN_SCREENS.nomineeRecord.path,
        loader: guards.adminScreen(ADMIN_SCREENS.nomineeRecord),
        lazy: { Component: nominees.record },
        children: [
          // No details page (spec §2.1): the bare address opens the first tab.
          {
            index: true,
            loader: ({ params }) =>
              redirect(`/admin/investors/nominees/${params.id ?? ''}/${NOMINEE_TABS[0].path}`),
          },
          ...tabRoutes(NOMINEE_TABS, NOMINEE_TAB_PAGES),
        ],
      },
      screen(ADMIN_SCREENS.nomineeEdit, nominees.edit),
      screen(ADMIN_SCREENS.opportunities, opportunities.list),
      screen(ADMIN_SCREENS.newOpportunity, opportunities.create),
      screen(ADMIN_SCREENS.opportunityPreview, opportunities.preview),
      screen(ADMIN_SCREENS.existingPreview, opportunities.preview),
      {
        // The bare address and a tab of the wrong stage move to the stage's page (spec §2.1).
        path: ADMIN_SCREENS.opportunityRecord.path,
        loader: guards.adminScreen(ADMIN_SCREENS.opportunityRecord),
        lazy: { Component: opportunities.record },
        children: tabRoutes(OPPORTUNITY_TABS, OPPORTUNITY_TAB_PAGES),
      },
      {
        path: ADMIN_SCREENS.existingRecord.path,
        loader: guards.adminScreen(ADMIN_SCREENS.existingRecord),
        lazy: { Component: opportunities.existing },
        children: tabRoutes(EXISTING_INVESTMENT_TABS, EXISTING_INVESTMENT_TAB_PAGES),
      },
      {
        path: '/admin/investments/existing/:id',
        loader: ({ params }) => redirect(`/admin/investments/existing/${params.id ?? ''}/details`),
      },
      screen(ADMIN_SCREENS.clientGroups, clientGroups.list),
      screen(ADMIN_SCREENS.newClientGroup, clientGroups.create),
      {
        path: ADMIN_SCREENS.clientGroupDetails.path,
        loader: guards.adminScreen(ADMIN_SCREENS.clientGroupDetails),
        lazy: { Component: clientGroups.record },
        children: tabRoutes(CLIENT_GROUP_TABS, CLIENT_GROUP_TAB_PAGES),
      },
      screen(ADMIN_SCREENS.clientGroupEdit, clientGroups.edit),
      {
        path: '/admin/investors/client-groups/:id',
        loader: ({ params }) => redirect(`/admin/investors/client-groups/${params.id ?? ''}/details`),
      },
      screen(ADMIN_SCREENS.deals, deals.board),
      screen(ADMIN_SCREENS.newDeal, deals.create),
      screen(ADMIN_SCREENS.dealEdit, deals.edit),
      {
        path: ADMIN_SCREENS.dealRecord.path,
        loader: guards.adminScreen(ADMIN_SCREENS.dealRecord),
        lazy: { Component: deals.record },
        children: [
          // The deal's bare address opens its key information.
          {
            index: true,
            loader: ({ params }) => redirect(`/admin/investments/deals/${params.id ?? ''}/key-information`),
          },
          ...tabRoutes(DEAL_TABS, DEAL_TAB_PAGES),
        ],
      },
      ...fundCompanyRoutes(guards),
      screen(ADMIN_SCREENS.funds, funds.list),
      screen(ADMIN_SCREENS.newFund, funds.create),
      {
        path: ADMIN_SCREENS.fundDetails.path,
        loader: guards.adminScreen(ADMIN_SCREENS.fundDetails),
        lazy: { Component: funds.record },
        // The fund's tabs (FUND_TABS): the details are the page itself.
        children: [
          {
            path: 'transactions',
            loader: guards.adminScreen(ADMIN_SCREENS.fundDetails),
            lazy: { Component: funds.transactions },
          },
          {
            path: 'portfolio',
            loader: guards.adminScreen(ADMIN_SCREENS.fundDetails),
            lazy: { Component: fundPortfolioPage },
          },
          {
            path: 'notes-calls-tasks',
            loader: guards.adminScreen(ADMIN_SCREENS.fundDetails),
            lazy: { Component: funds.notes },
          },
        ],
      },
      screen(ADMIN_SCREENS.fundEdit, funds.edit),
      {
        path: '/admin/funds/:id',
        loader: ({ params }) => redirect(`/admin/funds/${params.id ?? ''}/details`),
      },
      screen(ADMIN_SCREENS.updateReports, updateReports.list),
      screen(ADMIN_SCREENS.newUpdateReport, updateReports.create),
      screen(ADMIN_SCREENS.updateReportEdit, updateReports.edit),
      screen(ADMIN_SCREENS.updateReportDetails, updateReports.details),
      screen(ADMIN_SCREENS.kpiSchedule, kpiReports.schedule),
      screen(ADMIN_SCREENS.kpiEntry, kpiReports.entry),
      screen(ADMIN_SCREENS.kpiPortfolio, kpiReports.portfolio),
      screen(ADMIN_SCREENS.wipReport, wipReport),
      screen(ADMIN_SCREENS.pipelines, deals.pipelines),
      screen(ADMIN_SCREENS.pipelineStages, deals.stages),
      screen(ADMIN_SCREENS.signUpDocuments, compliance.signUpDocuments),
      screen(
        ADMIN_SCREENS.appropriatenessTest,
        async () =>
          (await import('../../features/appropriateness/pages/appropriateness-settings-page'))
            .AppropriatenessSettingsPage,
      ),
      screen(ADMIN_SCREENS.leadStatuses, investors.leadStatuses),
      screen(ADMIN_SCREENS.attributes, attributes.index),
      screen(ADMIN_SCREENS.industries, attributes.industries),
      screen(ADMIN_SCREENS.investmentTypes, attributes.investmentTypes),
      screen(ADMIN_SCREENS.investmentSubTypes, attributes.investmentSubTypes),
      screen(ADMIN_SCREENS.investmentCategories, attributes.investmentCategories),
      screen(ADMIN_SCREENS.investmentCharacters, attributes.investmentCharacters),
      screen(ADMIN_SCREENS.kpiCategories, attributes.kpiCategories),
      screen(ADMIN_SCREENS.kpis, attributes.kpis),
      screen(ADMIN_SCREENS.attributeConfigure, attributes.configure),
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
      screen(ADMIN_SCREENS.investorSettings, investorSettings.overview),
      screen(ADMIN_SCREENS.portfolioColumns, investorSettings.columns),
      screen(ADMIN_SCREENS.portfolioColumn, investorSettings.column),
      screen(ADMIN_SCREENS.portfolioStats, investorSettings.stats),
      screen(ADMIN_SCREENS.insiderRegister, marketSoundings.register),
      screen(ADMIN_SCREENS.marketSoundings, marketSoundings.list),
      screen(ADMIN_SCREENS.newMarketSounding, marketSoundings.create),
      screen(ADMIN_SCREENS.marketSoundingDetails, marketSoundings.details),
      screen(
        ADMIN_SCREENS.auditLog,
        async () => (await import('../../features/audit-log/pages/audit-log-page')).AuditLogPage,
      ),
      screen(
        ADMIN_SCREENS.insiderLists,
        async () => (await import('../../features/insider-lists/pages/insider-lists-page')).InsiderListsPage,
      ),
      screen(
        ADMIN_SCREENS.insiderList,
        async () => (await import('../../features/insider-lists/pages/insider-list-page')).InsiderListPage,
      ),
      screen(
        ADMIN_SCREENS.paDeals,
        async () => (await import('../../features/pa-deals/pages/pa-deals-list-page')).PaDealsListPage,
      ),
      screen(
        ADMIN_SCREENS.paDealCreate,
        async () => (await import('../../features/pa-deals/pages/pa-deal-create-page')).PaDealCreatePage,
      ),
      screen(
        ADMIN_SCREENS.paDeal,
        async () => (await import('../../features/pa-deals/pages/pa-deal-page')).PaDealPage,
      ),
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
