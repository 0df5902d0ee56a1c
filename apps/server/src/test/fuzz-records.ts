import { ROLES } from '@portico/contracts';
import {
  categorisations,
  complianceOptions,
  complianceQuestions,
  contacts,
  fundCompanies,
  funds,
  imports,
  investmentMethodEntities,
  investmentMethods,
  investorProfiles,
  leadStatuses,
  mailOutbox,
  nomineeClients,
  nominees,
  notifications,
  onboardingDocuments,
  onboardingRequirements,
  organisationApplications,
  organisationLinks,
  organisations,
  screeningChecks,
  signatureRequests,
  type UserRow,
} from '../db/schema';
import { readyInvestor } from '../modules/investing/investing-fixtures';
import { createClientGroup } from '../modules/opportunity-lifecycle/lifecycle-fixtures';
import { createStaff } from './factories';
import { PNG_1PX } from './files';
import { one, seedEngagements, seedInvestments } from './fuzz-record-sets';
import type { Agent, TestApp } from './test-app';

const DAY_MS = 86_400_000;

/** One row of each kind the API's paths name, so the fuzzer's requests reach validation and handlers. */
export interface FuzzRecords {
  /** the investor whose portal the fuzzer uses: their holding, investment, accounts, ... */
  investor: UserRow;
  /** an existing id for a path parameter of a path template */
  idFor(template: string, name: string): string;
  /** body field → an existing id, for the valid base bodies */
  bodyIds: Record<string, number>;
}

/** The records, and which id each path parameter takes. */
export async function seedFuzzRecords(t: TestApp, adminUser: UserRow, admin: Agent): Promise<FuzzRecords> {
  const { db, storage } = t.ctx;
  await storage.put('fuzz/file.png', PNG_1PX, 'image/png');
  await storage.put('branding/fuzz.png', PNG_1PX, 'image/png');
  await storage.put('opportunity-images/fuzz.png', PNG_1PX, 'image/png');
  await storage.put(
    'imports/fuzz.csv',
    Buffer.from('first_name,last_name,email\nA,B,a@fuzz.test\n'),
    'text/csv',
  );
  // Two investors: staff change, deactivate and delete the CRM's one, which would end the portal's session.
  const investor = await readyInvestor(db, t.ctx.clock, { name: 'Ivy Portal' });
  const subject = await readyInvestor(db, t.ctx.clock, { name: 'Ivy Fuzz' });
  await db.insert(investorProfiles).values([
    { user_id: investor.id, first_name: 'Ivy', last_name: 'Portal' },
    { user_id: subject.id, first_name: 'Ivy', last_name: 'Fuzz' },
  ]);
  const staff = await createStaff(db, ROLES.ADVISER);
  const status = one(await db.insert(leadStatuses).values({ name: 'Fuzzed' }).returning(), 'lead status');
  const contact = one(
    await db.insert(contacts).values({ first_name: 'Cy', last_name: 'Fuzz', name: 'Cy Fuzz' }).returning(),
    'contact',
  );
  const organisation = one(
    await db.insert(organisations).values({ name: 'Fuzz Ltd' }).returning(),
    'organisation',
  );
  const method = one(await db.insert(investmentMethods).values({ name: 'Fuzz SIPP' }).returning(), 'method');
  const nominee = one(await db.insert(nominees).values({ name: 'Fuzz Nominees' }).returning(), 'nominee');
  const entity = one(
    await db
      .insert(investmentMethodEntities)
      .values({ investment_method_id: method.id, user_id: investor.id, name: 'Ivy SIPP' })
      .returning(),
    'entity',
  );
  const group = await createClientGroup(db, [investor.id]);
  const fund = one(
    await db.insert(funds).values({ name: 'Fuzz Fund', currency: 'GBP', target_size: '1000000' }).returning(),
    'fund',
  );
  const fundCompany = one(
    await db.insert(fundCompanies).values({ fund_id: fund.id, name: 'Fuzz Portfolio Ltd' }).returning(),
    'fund company',
  );
  const money = await seedInvestments(t, admin, investor);
  const engagements = await seedEngagements(t, adminUser, {
    investor: subject.id,
    contact: contact.id,
    organisation: organisation.id,
    investment_method: method.id,
    nominee: nominee.id,
    investment_method_entity: entity.id,
    pipeline_deal: money.deal.id,
    opportunity: money.live.id,
    client_group: group.id,
    fund_company: fundCompany.id,
    fund: fund.id,
  });

  const link = one(
    await db
      .insert(organisationLinks)
      .values({ organisation_id: organisation.id, user_id: investor.id })
      .returning(),
    'member',
  );
  const client = one(
    await db.insert(nomineeClients).values({ nominee_id: nominee.id, user_id: subject.id }).returning(),
    'client',
  );
  const application = one(
    await db
      .insert(organisationApplications)
      .values({ user_id: subject.id, proposed_name: 'Fuzz Holdings' })
      .returning(),
    'application',
  );
  const requirement = one(
    await db.insert(onboardingRequirements).values({ name: 'Passport' }).returning(),
    'requirement',
  );
  const submission = one(
    await db
      .insert(onboardingDocuments)
      .values({ user_id: subject.id, requirement_id: requirement.id })
      .returning(),
    'submission',
  );
  const categorisation = one(
    await db
      .insert(categorisations)
      .values({
        user_id: subject.id,
        category: 'restricted',
        statement_version: '1',
        statement_text: 'I am a restricted investor.',
        signed_at: new Date(),
        expires_at: new Date(Date.now() + DAY_MS),
        status: 'pending',
      })
      .returning(),
    'categorisation',
  );
  const signature = async (user: UserRow) =>
    one(
      await db
        .insert(signatureRequests)
        .values({
          user_id: user.id,
          source_document_id: engagements.get('investors:documentId') ?? 0,
          title: 'Sign me',
        })
        .returning(),
      'signature request',
    );
  const toSign = { crm: await signature(subject), portal: await signature(investor) };
  const check = one(
    await db
      .insert(screeningChecks)
      .values({
        user_id: subject.id,
        provider: 'manual',
        kind: 'uk',
        legal_name: 'Ivy Fuzz',
        address: {
          address_line_1: '1 Fuzz Street',
          address_line_2: null,
          city: 'London',
          postcode: 'N1 1AA',
          country: 'GB',
        },
      })
      .returning(),
    'screening check',
  );
  const upload = one(
    await db
      .insert(imports)
      .values({
        kind: 'investors',
        file_name: 'fuzz.csv',
        storage_key: 'imports/fuzz.csv',
        headers: ['first_name', 'last_name', 'email'],
        created_by: adminUser.id,
      })
      .returning(),
    'import',
  );
  const mail = one(
    await db
      .insert(mailOutbox)
      .values({
        to_address: 'a@fuzz.test',
        subject: 'Hello',
        text_body: 'Hi',
        html_body: '<p>Hi</p>',
        status: 'stored',
      })
      .returning(),
    'mail',
  );
  const notice = (audience: 'admin' | 'user') =>
    db
      .insert(notifications)
      .values({
        type: 'Fuzz',
        notifiable_type: 'App\\Models\\User',
        notifiable_id: adminUser.id,
        audience,
        data: { message: 'Hi', cta: '/', icon: 'default' },
      })
      .returning();
  const adminNotice = one(await notice('admin'), 'notification');
  const userNotice = one(await notice('user'), 'notification');
  const question = one(
    await db.insert(complianceQuestions).values({ question: 'Can you lose money?' }).returning(),
    'compliance question',
  );
  const option = one(
    await db
      .insert(complianceOptions)
      .values([
        { question_id: question.id, option: 'Yes', is_correct: true, position: 0 },
        { question_id: question.id, option: 'No', position: 1 },
      ])
      .returning(),
    'compliance option',
  );

  /** `segment:name`: the collection a parameter follows and its name. */
  const bySegment = new Map<string, number | string>([
    ...engagements,
    ['members:memberId', link.id],
    ['clients:clientId', client.id],
    ['investment-method-entities:id', entity.id],
    ['organisation-applications:id', application.id],
    ['onboarding-requirements:id', requirement.id],
    ['onboarding-documents:documentId', submission.id],
    ['categorisations:categorisationId', categorisation.id],
    ['signature-requests:requestId', toSign.crm.id],
    ['screening:checkId', check.id],
    ['imports:id', upload.id],
    ['mail-outbox:id', mail.id],
    ['mark-read:id', adminNotice.id],
    ['lead-statuses:id', status.id],
    ['admin-accounts:id', staff.id],
    // PATCH /api/users/{id} changes one's own record: the signed-in admin's.
    ['users:id', adminUser.id],
    ['branding:id', 1],
    ['verify:id', subject.id],
    ['change:id', subject.id],
    ['questionnaires:form', 'fact-find'],
    ['files:folder', 'branding'],
    ['{folder}:name', 'fuzz.png'],
    ['pipelines:id', money.pipeline.id],
    ['stages:stageId', money.stage.id],
    ['performance:periodId', money.period.id],
    ...Object.entries(money.item).map(([segment, row]) => [`${segment}:itemId`, row.id] as const),
    ['invitations:invitationId', money.invitation.id],
    ['investments:id', money.investment.id],
    ['investing:id', money.live.id],
    ['existing-investments:id', money.existing.id],
    ['share-prices:priceId', money.price.id],
    ['portfolio:opportunityId', money.existing.id],
    // KPI reports (issue 19): an existing investment's settings and submit form.
    ['settings:opportunityId', money.existing.id],
    ['form:opportunityId', money.existing.id],
    ['pre-emption:opportunityId', money.round.id],
    ['pre-emption:userId', investor.id],
    ['members:userId', investor.id],
    ['compliance-questions:id', question.id],
    ['options:optionId', option.id],
    ['compliance-settings:id', 1],
  ]);
  /** Paths whose record must be of a particular kind, by the template's start. */
  const byPrefix: Array<[string, string, number | string]> = [
    ['/api/opportunities/{id}/pre-emption', 'id', money.round.id],
    ['/api/opportunities/{id}/follow-on-rounds', 'id', money.existing.id],
    ['/api/notifications/user/', 'id', userNotice.id],
    ['/api/profile/organisations/{id}', 'id', organisation.id],
    ['/api/profile/investment-method-entities/{id}', 'id', entity.id],
    ['/api/profile/signature-requests/{requestId}', 'requestId', toSign.portal.id],
  ];

  function idFor(template: string, name: string): string {
    const special = byPrefix.find(([prefix, param]) => param === name && template.startsWith(prefix));
    if (special) return String(special[2]);
    const segments = template.split('/');
    for (let index = segments.indexOf(`{${name}}`) - 1; index >= 0; index -= 1) {
      const found = bySegment.get(`${segments[index]}:${name}`);
      if (found !== undefined) return String(found);
    }
    if (name === 'hash') return 'abc';
    return '1';
  }

  const bodyIds = {
    lead_status_id: status.id,
    owner_id: staff.id,
    adviser_id: staff.id,
    assignee_id: staff.id,
    user_id: subject.id,
    organisation_id: organisation.id,
    investment_method_id: method.id,
    nominee_id: nominee.id,
    contact_id: contact.id,
    requirement_id: requirement.id,
    role_id: ROLES.ADVISER,
    opportunity_id: money.live.id,
    pipeline_id: money.pipeline.id,
    stage_id: money.stage.id,
    existing_investment_id: money.existing.id,
    client_group_id: group.id,
    investment_method_entity_id: entity.id,
  };
  return { investor, idFor, bodyIds };
}
