import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { ROLES } from '@portico/contracts';
import { createActivityService } from './modules/activity/activity.service';
import { authRoutes } from './modules/auth/auth.routes';
import { profileDocumentsRoutes } from './modules/documents/profile-documents.routes';
import { createDocumentsService } from './modules/documents/documents.service';
import { createEngagementsService } from './modules/engagements/engagements.service';
import { tasksRoutes } from './modules/engagements/tasks.routes';
import { investorsRoutes } from './modules/investors/investors.routes';
import { createInvestorsService } from './modules/investors/investors.service';
import { importsRoutes } from './modules/imports/imports.routes';
import { createImportsService } from './modules/imports/imports.service';
import { contactsImportTarget } from './modules/imports/contacts-import';
import { investorsImportTarget } from './modules/imports/investors-import';
import { leadStatusesRoutes } from './modules/lead-statuses/lead-statuses.routes';
import { createLeadStatusesService } from './modules/lead-statuses/lead-statuses.service';
import { categorisationJobs } from './modules/compliance/categorisation-expiry';
import { complianceRoutes } from './modules/compliance/compliance.routes';
import { createComplianceServices } from './modules/compliance/compliance.services';
import { complianceTestsRoutes } from './modules/compliance-tests/compliance-tests.routes';
import { createComplianceTestsService } from './modules/compliance-tests/compliance-tests.service';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { createContactsService } from './modules/contacts/contacts.service';
import { organisationApplicationsRoutes } from './modules/organisations/organisation-applications.routes';
import { createOrganisationApplicationsService } from './modules/organisations/organisation-applications.service';
import { organisationsRoutes } from './modules/organisations/organisations.routes';
import { createOrganisationsService } from './modules/organisations/organisations.service';
import { investmentMethodsRoutes } from './modules/investment-methods/investment-methods.routes';
import { createInvestmentMethodsService } from './modules/investment-methods/investment-methods.service';
import { nomineesRoutes } from './modules/nominees/nominees.routes';
import { pipelinesRoutes } from './modules/pipelines/pipelines.routes';
import { createPipelinesService } from './modules/pipelines/pipelines.service';
import { dealsRoutes } from './modules/deals/deals.routes';
import { createDealsService } from './modules/deals/deals.service';
import { clientGroupsRoutes } from './modules/client-groups/client-groups.routes';
import { createFundsService } from './modules/funds/funds.service';
import { fundsRoutes } from './modules/funds/funds.routes';
import { createFundMoneyService } from './modules/funds/fund-money.service';
import { fundMoneyRoutes } from './modules/funds/fund-money.routes';
import { createFundCompaniesService } from './modules/fund-companies/fund-companies.service';
import { fundCompaniesRoutes } from './modules/fund-companies/fund-companies.routes';
import { createTaxReliefService } from './modules/tax-relief/tax-relief.service';
import { createDefaultAssociatesService } from './modules/promotion-exceptions/default-associates.service';
import { inviteOnRegister } from './modules/promotion-exceptions/invite-on-register';
import { promotionExceptionsRoutes } from './modules/promotion-exceptions/promotion-exceptions.routes';
import { createPromotionExceptionsService } from './modules/promotion-exceptions/promotion-exceptions.service';
import { taxReliefRoutes } from './modules/tax-relief/tax-relief.routes';
import { createClientGroupsService } from './modules/client-groups/client-groups.service';
import { createIdempotency } from './platform/http/idempotency';
import { investingRoutes } from './modules/investing/investing.routes';
import { createInvestingService } from './modules/investing/investing.service';
import { investmentTransactionsRoutes } from './modules/investment-transactions/investment-transactions.routes';
import { createInvestmentTransactionsService } from './modules/investment-transactions/investment-transactions.service';
import { completionRoutes } from './modules/opportunity-lifecycle/completion.routes';
import { opportunityLifecycleRoutes } from './modules/opportunity-lifecycle/opportunity-lifecycle.routes';
import { createOpportunityLifecycleService } from './modules/opportunity-lifecycle/opportunity-lifecycle.service';
import { existingInvestmentsRoutes } from './modules/existing-investments/existing-investments.routes';
import { createPreEmptionService } from './modules/pre-emption/pre-emption.service';
import { preEmptionRoutes } from './modules/pre-emption/pre-emption.routes';
import { investorOverviewRoutes } from './modules/investor-overview/investor-overview.routes';
import { createInvestorOverviewService } from './modules/investor-overview/investor-overview.service';
import { capTableRoutes } from './modules/cap-table/cap-table.routes';
import { createKpiReportsServices, kpiReportsRoutes } from './modules/kpi-reports';
import { createCapTableService } from './modules/cap-table/cap-table.service';
import { createCapTableImport } from './modules/cap-table/cap-table.import';
import { updateReportsRoutes } from './modules/update-reports/update-reports.routes';
import { createUpdateReportsService } from './modules/update-reports/update-reports.service';
import { createExistingInvestmentsService } from './modules/existing-investments/existing-investments.service';
import { portfolioRoutes } from './modules/portfolio/portfolio.routes';
import { repricingRoutes } from './modules/repricing/repricing.routes';
import { createRepricingService } from './modules/repricing/repricing.service';
import { createPortfolioService } from './modules/portfolio/portfolio.service';
import { portfolioSettingsRoutes } from './modules/portfolio-settings/portfolio-settings.routes';
import { createPortfolioSettingsService } from './modules/portfolio-settings/portfolio-settings.service';
import { createNomineesService } from './modules/nominees/nominees.service';
import { classificationsRoutes } from './modules/attributes/classifications.routes';
import { createClassificationServices } from './modules/attributes/classifications.service';
import { createKpisService } from './modules/attributes/kpis.service';
import { kpisRoutes } from './modules/attributes/kpis.routes';
import { createCustomAttributesService } from './modules/attributes/custom-attributes.service';
import { customAttributesRoutes } from './modules/attributes/custom-attributes.routes';
import { createAttributeValuesService } from './modules/attributes/attribute-values.service';
import { opportunitiesRoutes } from './modules/opportunities/opportunities.routes';
import { createOpportunitiesService } from './modules/opportunities/opportunities.service';
import { recordsRoutes } from './modules/records/records.routes';
import { profileRecordsRoutes } from './modules/profile-records/profile-records.routes';
import { createProfileRecordsService } from './modules/profile-records/profile-records.service';
import { createSubjectRegistry } from './modules/records/subjects';
import { searchRoutes } from './modules/search/search.routes';
import { createAuditLogService } from './modules/audit-log/audit-log.service';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes';
import { createMarketSoundingsService } from './modules/market-soundings/market-soundings.service';
import { createInvestorMarketSoundingsService } from './modules/market-soundings/investor-market-soundings.service';
import { marketSoundingsRoutes } from './modules/market-soundings/market-soundings.routes';
import { createInsiderListsService } from './modules/insider-lists/insider-lists.service';
import { insiderListsRoutes } from './modules/insider-lists/insider-lists.routes';
import { createPaDealsService } from './modules/pa-deals/pa-deals.service';
import { paDealsRoutes } from './modules/pa-deals/pa-deals.routes';
import { brandingRoutes } from './modules/branding/branding.routes';
import { createBrandingService } from './modules/branding/branding.service';
import { filesRoutes } from './modules/files/files.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createUsersService } from './modules/users/users.service';
import { registerCompression } from './platform/http/compression';
import { registerMultipart } from './platform/http/multipart';
import { broadcastingRoutes } from './modules/broadcasting/broadcasting.routes';
import { createAuthService } from './modules/auth/auth.service';
import { healthRoutes } from './modules/health/health.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { createOutboxService } from './modules/outbox/outbox.service';
import { overviewRoutes } from './modules/overview/overview.routes';
import { createOverviewService } from './modules/overview/overview.service';
import { wipReportRoutes } from './modules/wip-report/wip-report.routes';
import { createWipReportService } from './modules/wip-report/wip-report.service';
import { staffAccountsRoutes } from './modules/staff-accounts/staff-accounts.routes';
import { createStaffAccountsService } from './modules/staff-accounts/staff-accounts.service';
import { usersRoutes } from './modules/users/users.routes';
import { screeningRoutes } from './modules/screening/screening.routes';
import { createScreeningService } from './modules/screening/screening.service';
import { refreshCategorisedOnboardingStates } from './modules/onboarding/onboarding.refresh';
import { onboardingStepsRoutes } from './modules/onboarding/onboarding.routes';
import { createOnboardingService } from './modules/onboarding/onboarding.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { supportRoutes } from './modules/support/support.routes';
import { createSupportService } from './modules/support/support.service';
import { errorHandler } from './platform/http/errors';
import { apiKernel, type RegisteredRoute } from './platform/http/kernel';
import { withMethodOverride } from './platform/http/method-override';
import { registerApiReference, registerOpenApi } from './platform/http/openapi';
import { serveWebApp } from './platform/http/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** every API route with its declared access, for the permission walk in the tests */
    routeRegistry: RegisteredRoute[];
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

function createImports(
  ctx: AppContext,
  investors: ReturnType<typeof createInvestorsService>,
  contacts: ReturnType<typeof createContactsService>,
) {
  const service = createImportsService(ctx);
  service.register(investorsImportTarget(ctx, investors));
  service.register(contactsImportTarget(ctx, contacts));
  return service;
}

/** Every domain service, wired once; a module uses another only through these. */
function services(ctx: AppContext) {
  const notifications = createNotificationsService(ctx);
  const branding = createBrandingService(ctx, notifications);
  const termsVersion = async () => (await branding.current()).row?.terms_version ?? 1;
  const auth = createAuthService(ctx, notifications, termsVersion);
  // The CRM's record types, each registered by its module; documents, notes and the rest serve them all.
  const subjects = createSubjectRegistry();
  const capTable = createCapTableService(ctx);
  const investors = createInvestorsService(ctx, auth, branding);
  subjects.register(investors.subject);
  auth.onRegistered((tx, user) => investors.afterRegistration(tx, user));
  branding.onOnboardingSettingsChanged((tx) => refreshCategorisedOnboardingStates(tx));
  auth.onVerified(async (tx, user) => {
    if (user.role_id === ROLES.USER) await investors.refreshOnboardingState(tx, user.id);
  });
  const contacts = createContactsService(ctx, branding);
  subjects.register(contacts.subject);
  // A contact who registers, or whom staff add (or import) as an investor, with the same email becomes
  // that investor (DOMAIN.md).
  auth.onRegistered(async (tx, user) => {
    await contacts.linkContactByEmail(tx, user);
  });
  investors.onCreated(async (tx, user, actor) => {
    await contacts.linkContactByEmail(tx, user, actor);
  });
  const organisations = createOrganisationsService(ctx);
  subjects.register(organisations.subject);
  const investmentMethods = createInvestmentMethodsService(ctx);
  subjects.register(investmentMethods.subject);
  const nominees = createNomineesService(ctx);
  subjects.register(nominees.subject);
  const deals = createDealsService(ctx);
  subjects.register(deals.subject);
  const opportunities = createOpportunitiesService(ctx, { isEnabled: branding.isEnabled });
  subjects.register(opportunities.subject);
  const documents = createDocumentsService(ctx, subjects);
  const profileRecords = createProfileRecordsService(ctx, { documents });
  subjects.register(profileRecords.entitySubject);
  for (const job of categorisationJobs(ctx, { investors, notifications, branding })) ctx.scheduler.add(job);
  const screening = createScreeningService(ctx, { investors, documents, notifications, branding });
  const compliance = createComplianceServices(ctx, {
    subjects,
    investors,
    documents,
    notifications,
    branding,
    screening,
  });
  // Client groups of investors, invited to Live - Internal opportunities (issue 10).
  const clientGroups = createClientGroupsService(ctx);
  subjects.register(clientGroups.subject);
  const fundCompanies = createFundCompaniesService(ctx);
  subjects.register(fundCompanies.subject);
  const funds = createFundsService(ctx);
  subjects.register(funds.subject);
  const opportunityLifecycle = createOpportunityLifecycleService(ctx, {
    notifications,
    terminology: branding.terminology,
    investmentTermsRequired: () => branding.isEnabled('investmentTerms'),
  });
  clientGroups.onMembersAdded((tx, actor, groupId, userIds) =>
    opportunityLifecycle.notifyNewGroupMembers(tx, actor, groupId, userIds),
  );
  // Issue 21, the last switches (decision 032): a new investor is linked to the default associates, and one who
  // registers is invited to the Live - Internal opportunities, each while its feature is on.
  const defaultAssociates = createDefaultAssociatesService(ctx);
  auth.onRegistered((tx, user) =>
    defaultAssociates.linkNewInvestor(tx, user, { userId: null, requestId: `register:${user.id}`, ip: '' }),
  );
  investors.onCreated((tx, user, actor) => defaultAssociates.linkNewInvestor(tx, user, actor));
  auth.onRegistered(inviteOnRegister(opportunityLifecycle));
  return {
    notifications,
    branding,
    auth,
    subjects,
    investors,
    imports: createImports(ctx, investors, contacts),
    contacts,
    organisations,
    organisationApplications: createOrganisationApplicationsService(ctx, organisations, notifications),
    investmentMethods,
    nominees,
    pipelines: createPipelinesService(ctx),
    deals,
    opportunities,
    leadStatuses: createLeadStatusesService(ctx),
    documents,
    compliance,
    engagements: createEngagementsService(ctx, subjects, notifications),
    activity: createActivityService(ctx, subjects),
    users: createUsersService(ctx, termsVersion),
    staffAccounts: createStaffAccountsService(ctx, auth, branding.terminology),
    outbox: createOutboxService(ctx),
    overview: createOverviewService(ctx),
    wipReport: createWipReportService(ctx),
    complianceTests: createComplianceTestsService(ctx, { branding, investors }),
    screening,
    onboardingSteps: createOnboardingService(ctx, { screening, documents: compliance.onboarding }),
    profile: createProfileService(ctx, branding),
    subscriptions: createSubscriptionsService(ctx),
    support: createSupportService(ctx),
    profileRecords,
    classifications: createClassificationServices(ctx),
    kpis: createKpisService(ctx),
    customAttributes: createCustomAttributesService(ctx),
    attributeValues: createAttributeValuesService(ctx, subjects),
    clientGroups,
    opportunityLifecycle,
    // The investor's investing (issue 11).
    investing: createInvestingService(ctx, { notifications, branding }),
    investmentTransactions: createInvestmentTransactionsService(ctx, {
      notifications,
      isEnabled: branding.isEnabled,
    }),
    portfolio: createPortfolioService(ctx, {
      publicDocuments: async (id) => (await opportunities.full(ctx.db, id)).public_documents,
      isEnabled: branding.isEnabled,
    }),
    existingInvestments: createExistingInvestmentsService(ctx),
    // Settings → investor → portfolio and portfolio-stats (issue 21): what the investor's portfolio shows.
    portfolioSettings: createPortfolioSettingsService(ctx, { terminology: branding.terminology }),
    preEmption: createPreEmptionService(ctx, { notifications }),
    // Idempotency-Key for the money endpoints (decision 019).
    idempotency: createIdempotency(ctx),
    repricing: createRepricingService(ctx, { notifications }),
    capTable,
    capTableImport: createCapTableImport(ctx, capTable),
    kpiReports: createKpiReportsServices(ctx),
    updateReports: createUpdateReportsService(ctx, { isEnabled: branding.isEnabled }),
    funds,
    fundMoney: createFundMoneyService(ctx, { notifications, isEnabled: branding.isEnabled }),
    fundCompanies,
    taxRelief: createTaxReliefService(ctx, { isEnabled: branding.isEnabled }),
    auditLog: createAuditLogService(ctx),
    // Issue 21: market soundings (MAR Art. 11), the staff side and the sounded investor's.
    marketSoundings: createMarketSoundingsService(ctx, {
      notifications,
      marketSoundingDescription: async () => (await branding.resource()).market_sounding_description,
    }),
    investorMarketSoundings: createInvestorMarketSoundingsService(ctx),
    insiderLists: createInsiderListsService(ctx),
    promotionExceptions: createPromotionExceptionsService(ctx),
    defaultAssociates,
    paDeals: createPaDealsService(ctx, { notifications }),
  };
}

/** Every domain module's routes; a new module is added here once. */
function modules(ctx: AppContext, wired: ReturnType<typeof services>): FastifyPluginAsync[] {
  return [
    authRoutes(ctx, wired.auth),
    broadcastingRoutes(ctx),
    usersRoutes(wired.users),
    brandingRoutes(wired.branding),
    filesRoutes(ctx),
    notificationsRoutes(ctx, wired.notifications),
    staffAccountsRoutes(wired.staffAccounts),
    investorsRoutes(wired.investors),
    contactsRoutes(wired.contacts),
    organisationsRoutes(wired.organisations),
    organisationApplicationsRoutes(wired.organisationApplications),
    investmentMethodsRoutes(wired.investmentMethods),
    nomineesRoutes(wired.nominees),
    pipelinesRoutes(wired.pipelines),
    dealsRoutes(wired.deals),
    opportunitiesRoutes(wired.opportunities),
    leadStatusesRoutes(wired.leadStatuses),
    recordsRoutes(wired.subjects, wired),
    complianceRoutes(wired.compliance),
    tasksRoutes(wired.engagements),
    profileDocumentsRoutes(wired.documents),
    searchRoutes(ctx, wired.subjects, wired.branding.isEnabled),
    importsRoutes(wired.imports),
    outboxRoutes(wired.outbox),
    overviewRoutes(wired.overview),
    wipReportRoutes(wired.wipReport),
    complianceTestsRoutes(wired.complianceTests, { testClock: ctx.config.TEST_CLOCK }),
    screeningRoutes(wired.screening),
    onboardingStepsRoutes(wired.onboardingSteps),
    profileRoutes(wired.profile),
    subscriptionsRoutes(wired.subscriptions),
    supportRoutes(wired.support),
    profileRecordsRoutes(wired.profileRecords),
    classificationsRoutes(wired.classifications),
    kpisRoutes(wired.kpis),
    customAttributesRoutes(wired.customAttributes, wired.attributeValues, wired.subjects),
    clientGroupsRoutes(wired.clientGroups),
    opportunityLifecycleRoutes(wired.opportunityLifecycle, wired.opportunities),
    completionRoutes(ctx),
    investingRoutes(wired.investing, wired.idempotency),
    investmentTransactionsRoutes(wired.investmentTransactions, wired.idempotency),
    portfolioRoutes(wired.portfolio, () => wired.portfolioSettings.layout()),
    portfolioSettingsRoutes(wired.portfolioSettings),
    existingInvestmentsRoutes(wired.existingInvestments),
    preEmptionRoutes(wired.preEmption),
    // The investor overview (issue 19) reads investing, pre-emption and the portfolio through their services.
    investorOverviewRoutes(createInvestorOverviewService(ctx, wired)),
    repricingRoutes(wired.repricing),
    capTableRoutes(wired.capTable, wired.capTableImport),
    kpiReportsRoutes(wired.kpiReports),
    updateReportsRoutes(wired.updateReports),
    fundsRoutes(wired.funds),
    fundMoneyRoutes(wired.fundMoney, wired.idempotency),
    fundCompaniesRoutes(wired.fundCompanies),
    taxReliefRoutes(wired.taxRelief),
    auditLogRoutes(wired.auditLog),
    marketSoundingsRoutes(wired.marketSoundings, wired.investorMarketSoundings),
    insiderListsRoutes(wired.insiderLists),
    promotionExceptionsRoutes(wired.promotionExceptions, wired.defaultAssociates, wired.branding.isEnabled),
    paDealsRoutes(wired.paDeals),
  ] as FastifyPluginAsync[];
}

const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export async function buildApp(ctx: AppContext) {
  const { config } = ctx;
  const app = Fastify({
    loggerInstance: ctx.log,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    serverFactory: (handler) => {
      const server = createServer(withMethodOverride(handler, config.BODY_LIMIT));
      // Fastify sets this only on a server it creates itself; Node's own 5 s closes an idle keep-alive
      // socket just as a client (a proxy, a browser, Playwright) reuses it: ECONNRESET. Keep Fastify's
      // 72 s, longer than a load balancer's usual 60 s idle timeout.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorate('routeRegistry', [] as RegisteredRoute[]);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // HSTS only where the browser reached us over HTTPS (directly or through the proxy).
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  await app.register(cors, {
    origin: config.CORS_ORIGINS,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Content-Type',
      'X-XSRF-TOKEN',
      'X-CSRF-TOKEN',
      'X-Requested-With',
      'X-HTTP-Method-Override',
      'Accept',
    ],
    exposedHeaders: ['Retry-After', 'X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining'],
  });
  await app.register(helmet, {
    hsts: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        // The sign-PDF pages show our own /files PDFs in an iframe.
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await registerCompression(app);
  await app.register(cookie);
  await app.register(formbody);
  await registerMultipart(app, { fileBytes: config.UPLOAD_LIMIT, requestBytes: config.UPLOAD_REQUEST_LIMIT });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await registerOpenApi(app, config.APP_NAME);
  await app.register(healthRoutes(ctx));
  const wired = services(ctx);
  app.addHook('onClose', () => wired.imports.idle());
  await app.register(
    apiKernel(ctx, modules(ctx, wired), app.routeRegistry, {
      isFeatureEnabled: (feature) => wired.branding.isEnabled(feature),
    }),
  );
  await registerApiReference(app);
  await serveWebApp(app, config.WEB_DIST);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
