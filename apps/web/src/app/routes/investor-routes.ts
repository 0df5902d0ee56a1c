import type { RouteObject } from 'react-router';
import { investorScreen, type InvestorScreenId } from '../../config/investor-menu';
import type { Guards } from '../guards';

/** The investor portal, loaded only for investors. */
/** The profile views of issue 9 (investor-type, documents, organisations, investment methods), in one chunk. */
const profilePages = async () =>
  (await import('../../features/investor-profile/load-pages')).loadProfilePages();

/** Issue 11: the investing journey (list, opportunity, holding, amount), in one chunk. */
const investingPages = async () =>
  (await import('../../features/investor-investments/load-pages')).loadInvestingPages();
/** The portfolio and a holding's page (issue 11), in one chunk. */
const portfolioPages = async () => import('../../features/portfolio/load-pages');
/** Issue 19: News and the update reader (no editor), in one chunk. */
const newsPages = async () => import('../../features/news/load-pages');

export function investorRoutes(guards: Guards): RouteObject {
  // A screen of the investor menu answers 404 while its feature is off (spec §2.1).
  const gate = (id: InvestorScreenId) => guards.investorFeature(investorScreen(id)?.feature);
  return {
    path: 'investor',
    loader: guards.investorArea,
    lazy: { Component: async () => (await import('./investor-area')).InvestorArea },
    children: [
      {
        index: true,
        loader: gate('overview'),
        lazy: {
          Component: async () =>
            (await import('../../features/investor/pages/investor-overview-page')).InvestorOverviewPage,
        },
      },
      {
        path: 'investments',
        loader: gate('investments'),
        lazy: {
          Component: async () =>
            (await (await import('../../features/investor-investments/load-pages')).loadInvestmentsPage())
              .InvestmentsPage,
        },
      },
      {
        // Issue 21: a market sounding sent to the investor (spec §2.2), in a chunk of its own.
        path: 'investments/market-sounding/:id',
        loader: guards.investorFeature('marketSounding'),
        lazy: {
          Component: async () =>
            (await import('../../features/market-soundings/pages/investor-market-sounding-page'))
              .InvestorMarketSoundingPage,
        },
      },
      {
        path: 'investments/:slug',
        loader: gate('investments'),
        lazy: { Component: async () => (await investingPages()).OpportunityPage },
      },
      {
        path: 'investments/:slug/investor-type',
        loader: gate('investments'),
        lazy: { Component: async () => (await investingPages()).InvestorTypePage },
      },
      {
        path: 'investments/:slug/invest',
        loader: gate('investments'),
        lazy: { Component: async () => (await investingPages()).InvestPage },
      },
      {
        path: 'portfolio',
        loader: gate('portfolio'),
        lazy: { Component: async () => (await portfolioPages()).PortfolioPage },
      },
      {
        path: 'portfolio/:id',
        loader: gate('portfolio'),
        lazy: { Component: async () => (await portfolioPages()).HoldingPage },
      },
      {
        // Issue 20: a fund the investor holds, in a chunk of its own; with the portfolio and funds both on.
        path: 'portfolio/fund/:id',
        loader: async (args) => (await gate('portfolio')(args)) ?? guards.investorFeature('funds')(args),
        lazy: {
          Component: async () =>
            (await import('../../features/portfolio/funds/fund-holding-page')).FundHoldingPage,
        },
      },
      {
        // Issue 20: a report about the fund, opened from the fund's page; gated like the fund's page.
        path: 'portfolio/fund/:id/reports/:reportId',
        loader: async (args) => (await gate('portfolio')(args)) ?? guards.investorFeature('funds')(args),
        lazy: { Component: async () => (await newsPages()).FundReportPage },
      },
      {
        // Issue 19: the holding's KPIs over time, in a chunk of its own (the charts load only here).
        path: 'portfolio/:id/reports/kpis',
        loader: gate('portfolio'),
        lazy: {
          Component: async () =>
            (await import('../../features/portfolio/kpis/holding-kpis-page')).HoldingKpisPage,
        },
      },
      {
        // an update opened from its holding's page (the static portfolio/:id/reports/kpis ranks above it)
        path: 'portfolio/:id/reports/:reportId',
        loader: gate('portfolio'),
        lazy: { Component: async () => (await newsPages()).HoldingReportPage },
      },
      {
        path: 'news',
        loader: gate('news'),
        lazy: { Component: async () => (await newsPages()).NewsPage },
      },
      {
        path: 'news/reports/:id',
        loader: gate('news'),
        lazy: { Component: async () => (await newsPages()).NewsReportPage },
      },
      {
        path: 'profile/view',
        loader: gate('profile'),
        lazy: {
          Component: async () =>
            (await import('../../features/profile/pages/profile-view-page')).ProfileViewPage,
        },
      },
      {
        // Spec §2.1: a document staff sent to sign; the notification links here.
        path: 'pdf/:id',
        lazy: {
          Component: async () =>
            (await import('../../features/compliance/pages/investor-sign-document-page'))
              .InvestorSignDocumentPage,
        },
      },
      {
        path: 'profile/appropriateness',
        loader: guards.investorFeature('complianceTest'),
        lazy: {
          Component: async () =>
            (await import('../../features/appropriateness/pages/appropriateness-page')).AppropriatenessPage,
        },
      },
      {
        // Issue 9: identity and screening evidence, while user_screening_enabled is on.
        path: 'profile/identity',
        loader: guards.investorFeature('screening'),
        lazy: {
          Component: async () =>
            (await import('../../features/identity/pages/profile-identity-page')).ProfileIdentityPage,
        },
      },
      {
        path: 'profile/details',
        loader: gate('profile'),
        lazy: {
          Component: async () =>
            (await import('../../features/profile/pages/profile-details-page')).ProfileDetailsPage,
        },
      },
      {
        path: 'profile/type',
        loader: gate('profile'),
        lazy: {
          Component: async () =>
            (await import('../../features/profile/pages/profile-type-page')).ProfileTypePage,
        },
      },
      {
        path: 'profile/subscription',
        loader: gate('profile'),
        lazy: {
          Component: async () =>
            (await import('../../features/profile/pages/profile-subscription-page')).ProfileSubscriptionPage,
        },
      },
      {
        path: 'profile/security',
        lazy: {
          Component: async () =>
            (await import('../../features/investor/pages/profile-security-page')).ProfileSecurityPage,
        },
      },
      {
        path: 'profile/investor-type',
        lazy: {
          Component: async () => (await profilePages()).InvestorTypePage,
        },
      },
      {
        path: 'profile/documents',
        lazy: {
          Component: async () => (await profilePages()).ProfileDocumentsPage,
        },
      },
      {
        path: 'profile/organisation-apply',
        loader: guards.investorFeature('organisationLinks'),
        lazy: {
          Component: async () => (await profilePages()).OrganisationApplyPage,
        },
      },
      {
        // organisation_{id}, organisation-documents_{id}, investmentmethod_{id}, investmentmethod-documents_{id};
        // the page answers 404 for any other slug (features/investor-profile/profile-slug.ts)
        path: 'profile/:slug',
        lazy: {
          Component: async () => (await profilePages()).ProfileRecordPage,
        },
      },
    ],
  };
}
