import {
  CALL_OUTCOMES,
  CONSENT_KINDS,
  CONSENT_WORDING_VERSION,
  ROLES,
  categorisationExpiry,
  currentConsentWording,
  findCategorisationStatement,
  type CallOutcome,
  type ClientType,
  type EntityStatus,
  type InvestmentMethodType,
  type InvestorCategory,
  type OrganisationRole,
  type OrganisationType,
  type SubjectType,
} from '@portico/contracts';
import { and, asc, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import {
  auditLog,
  calls,
  categorisations,
  consents,
  contacts,
  documents,
  investmentMethodEntities,
  investmentMethods,
  investorProfiles,
  leadStatuses,
  nomineeClients,
  nominees,
  notes,
  onboardingDocuments,
  onboardingRequirements,
  organisationApplications,
  organisationLinks,
  organisations,
  tasks,
  users,
} from '../db/schema';
import { refreshOnboardingStates } from '../modules/investors/investors.repository';
import { seedScreening } from './screening-demo';
import { hashPassword } from '../platform/auth/passwords';
import type { Storage } from '../platform/storage/storage';
import { DEMO_CATEGORISATION_ANSWERS } from './demo-answers';
import { demoPdf } from './demo-files';
import { createPeople, EXAMPLE_DOMAINS, seededRandom, type Random } from './names';

/** What the CRM demo holds (issue 4); the seed's test checks the database against it. */
export const CRM_DEMO_COUNTS = {
  investors: 200,
  contacts: 100,
  organisations: 10,
  investmentMethods: 3,
  nominees: 1,
  leadStatuses: 6,
  onboardingRequirements: 3,
  pendingApplications: 2,
} as const;

export const DEMO_LEAD_STATUSES = [
  { name: 'New lead', colour: '#228be6' },
  { name: 'Contacted', colour: '#15aabf' },
  { name: 'Meeting booked', colour: '#7950f2' },
  { name: 'Interested', colour: '#fab005' },
  { name: 'Committed', colour: '#40c057' },
  { name: 'Not interested', colour: '#868e96' },
] as const;
type LeadStatusName = (typeof DEMO_LEAD_STATUSES)[number]['name'];

const REQUIREMENTS = [
  {
    name: 'Proof of identity',
    description: 'A passport or photocard driving licence, in date, showing your photo and signature.',
    files: ['Passport.pdf', 'Driving licence.pdf'],
  },
  {
    name: 'Proof of address',
    description: 'A utility bill, council tax bill or bank statement from the last three months.',
    files: ['Utility bill.pdf', 'Bank statement.pdf', 'Council tax bill.pdf'],
  },
  {
    name: 'Source of funds',
    description: 'A bank statement or a letter showing where the money you invest comes from.',
    files: ['Source of funds letter.pdf', 'Savings account statement.pdf', 'Payslips.pdf'],
  },
] as const;

const REJECTIONS = [
  'The document is more than three months old.',
  'The image is blurred: the name and address cannot be read.',
  'The name on the document does not match the account.',
  'Only the first page was uploaded; please upload every page.',
];

const DAY = 86_400_000;
const SEED = 20_260_404;
/** Investors signed up over the last 18 months. */
const SPAN_DAYS = 540;
const REQUEST_ID = 'demo-seed';

const CITIES = [
  ['London', 'SW1A'],
  ['London', 'EC2V'],
  ['London', 'N1'],
  ['Manchester', 'M2'],
  ['Birmingham', 'B3'],
  ['Leeds', 'LS1'],
  ['Bristol', 'BS1'],
  ['Edinburgh', 'EH2'],
  ['Glasgow', 'G2'],
  ['Cambridge', 'CB2'],
  ['Oxford', 'OX1'],
  ['Cardiff', 'CF10'],
  ['Brighton', 'BN1'],
  ['Bath', 'BA1'],
  ['York', 'YO1'],
] as const;
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Victoria Road',
  'Park Avenue',
  'Queens Road',
  'Mill Lane',
  'The Crescent',
  'Kings Road',
  'Orchard Close',
];
const SOURCES = ['Website', 'Website', 'Referral', 'Event', 'Adviser', 'LinkedIn', 'Webinar'] as const;
const COMPANIES = [
  'Brightwater Analytics',
  'Kestrel Engineering',
  'Alder & Finch Solicitors',
  'Northgate Medical',
  'Lumen Software',
  'Harlow Property Group',
  'Saltmarsh Foods',
  'Quayside Logistics',
  'Fernhill Consulting',
  'Copperleaf Design',
  'Meridian Wealth',
  'Oakridge Estates',
];
const JOB_TITLES = [
  'Managing Director',
  'Finance Director',
  'Chief Executive',
  'Partner',
  'Consultant Surgeon',
  'Head of Engineering',
  'Founder',
  'Operations Director',
  'Retired',
  'Private investor',
];

const INVESTOR_NOTES = [
  'Introductory call went well. Interested in EIS-qualifying healthtech; prefers tickets of GBP 10,000 to 25,000.',
  'Asked for the risk summary and last year’s portfolio report; sent both by email.',
  'Met at the Founders & Funders evening. Wants to hear when the next round opens.',
  'Prefers email in the mornings. Their spouse also invests through the platform.',
  'Holds a SIPP with Harbour Pension Trustees and would like to invest through it.',
  'Asked how the 12-month categorisation renewal works; explained it and sent the link.',
  'Not investing before the new tax year. Check in again in April.',
  'Experienced angel investor, sits on two boards. Keen on climate and energy companies.',
  'Confirmed bank details by calling back on the number we hold.',
  'Interested in the next fund close; asked for the information memorandum.',
  'Wants to spread GBP 50,000 over three or four companies this year for the EIS relief.',
  'Moved house recently: the new proof of address is on its way.',
];
const CONTACT_NOTES = [
  'Came to the spring showcase; left a business card and asked for the newsletter.',
  'Referred by an existing investor. Not yet registered on the portal.',
  'Interested in SEIS opportunities; wants to understand the tax relief first.',
  'Asked to be contacted again after their business sale completes.',
  'Downloaded the investor guide from the website.',
  'Prefers phone calls; no email before they have registered.',
];
const CALL_SUMMARIES: Record<CallOutcome, string[]> = {
  connected: [
    'Talked through the current opportunities; will look at the deck this week.',
    'Answered questions on EIS loss relief and the holding period.',
    'Booked a meeting at the office for next month.',
    'Confirmed they have received the welcome pack.',
  ],
  left_voicemail: ['Left a message about the upcoming webinar.', 'Left a message to call back.'],
  no_answer: ['No answer; will try again later in the week.'],
  busy: ['Line busy; to try again tomorrow.'],
  wrong_number: ['Number on file is wrong; emailed to ask for the right one.'],
};
const TASK_TITLES = [
  'Send the information memorandum',
  'Chase proof of address',
  'Book an introductory meeting',
  'Review the categorisation renewal',
  'Follow up after the webinar',
  'Check the source of funds documents',
  'Call back about EIS relief',
  'Confirm the SIPP transfer paperwork',
  'Send the quarterly statement',
  'Introduce to the investment committee',
];

const ORGANISATIONS: ReadonlyArray<{
  name: string;
  type: OrganisationType;
  city: string;
  registration_number: string | null;
  slug: string;
}> = [
  {
    name: 'Whitaker Family Office',
    type: 'family_office',
    city: 'London',
    registration_number: null,
    slug: 'whitaker-fo',
  },
  {
    name: 'Northern Angels',
    type: 'angel_network',
    city: 'Manchester',
    registration_number: null,
    slug: 'northern-angels',
  },
  {
    name: 'Thames Valley Ventures Ltd',
    type: 'company',
    city: 'Reading',
    registration_number: '11873420',
    slug: 'tvv',
  },
  {
    name: 'Campbell & Hughes LLP',
    type: 'partnership',
    city: 'Edinburgh',
    registration_number: 'SO305512',
    slug: 'campbell-hughes',
  },
  {
    name: 'Harbourside Capital Ltd',
    type: 'company',
    city: 'Bristol',
    registration_number: '09921547',
    slug: 'harbourside',
  },
  {
    name: 'Okafor Family Trust',
    type: 'trust',
    city: 'Birmingham',
    registration_number: null,
    slug: 'okafor-trust',
  },
  {
    name: 'Cambridge Science Angels',
    type: 'angel_network',
    city: 'Cambridge',
    registration_number: null,
    slug: 'csa',
  },
  {
    name: 'Greenfield Holdings Ltd',
    type: 'company',
    city: 'Leeds',
    registration_number: '12640983',
    slug: 'greenfield',
  },
  {
    name: 'The Rosewood Foundation',
    type: 'charity',
    city: 'Oxford',
    registration_number: '1187342',
    slug: 'rosewood',
  },
  {
    name: 'Patel & Shah Partners LLP',
    type: 'partnership',
    city: 'London',
    registration_number: 'OC421876',
    slug: 'patel-shah',
  },
];
const ORGANISATION_ROLES: OrganisationRole[] = [
  'director',
  'member',
  'member',
  'beneficial_owner',
  'authorised_signatory',
];

const METHODS: ReadonlyArray<{
  name: string;
  type: InvestmentMethodType;
  provider: string | null;
  description: string;
  email: string | null;
  suffix: string;
  reference: string | null;
  holders: number;
}> = [
  {
    name: 'Direct',
    type: 'other',
    provider: null,
    description: 'Shares held in the investor’s own name, bought with their own money.',
    email: null,
    suffix: 'direct',
    reference: null,
    holders: 20,
  },
  {
    name: 'Harbour SIPP',
    type: 'sipp',
    provider: 'Harbour Pension Trustees Ltd',
    description: 'A self-invested personal pension: the trustees hold the shares for the investor’s pension.',
    email: 'sipp@harbour-pensions.example.com',
    suffix: 'SIPP',
    reference: 'HSP',
    holders: 12,
  },
  {
    name: 'Portico Innovative Finance ISA',
    type: 'isa',
    provider: 'Portico ISA Manager Ltd',
    description: 'An Innovative Finance ISA: returns are free of income and capital gains tax.',
    email: 'isa@portico-isa.example.com',
    suffix: 'IF ISA',
    reference: 'ISA',
    holders: 10,
  },
];

const PUBLIC_DOCUMENTS = [
  {
    name: 'Welcome pack.pdf',
    category: 'Welcome',
    lines: ['Thank you for joining Portico.', 'This pack explains how investing through the platform works.'],
  },
  {
    name: 'Portfolio statement.pdf',
    category: 'Statements',
    lines: ['Your holdings and their latest valuations.', 'Valuations are estimates and may change.'],
  },
  {
    name: 'EIS3 certificate.pdf',
    category: 'Tax certificates',
    lines: ['Certificate for claiming EIS income tax relief.', 'Keep it with your tax records.'],
  },
  {
    name: 'Investment agreement (signed).pdf',
    category: 'Agreements',
    lines: ['The investment agreement as signed by both parties.'],
  },
] as const;
const PRIVATE_DOCUMENTS = [
  {
    name: 'KYC check result.pdf',
    category: 'Compliance',
    lines: ['Electronic identity check: pass.', 'Sanctions and PEP screening: no match.'],
  },
  {
    name: 'Suitability call notes.pdf',
    category: 'Notes',
    lines: ['Notes from the suitability call, for staff only.'],
  },
  {
    name: 'Source of wealth review.pdf',
    category: 'Compliance',
    lines: ['Review of the investor’s source of wealth.', 'Outcome: satisfactory.'],
  },
] as const;

type AuditRow = PgInsertValue<typeof auditLog>;
type Stage = 'none' | 'submitted' | 'complete' | 'rejected';

interface Person {
  id: number;
  name: string;
  email: string;
  created: Date;
}

/**
 * Many rows in one statement each thousand: the rows travel as one JSON parameter, read back with
 * jsonb_to_recordset. Building a multi-row INSERT with a parameter per value costs more than the
 * database's work at this size (the demo's 3,000 audit rows are 25,000 values). A column no row names
 * is left to its default; a row without a value for a column another row names gets null.
 */
async function insertAll<T extends PgTable>(tx: DbOrTx, table: T, rows: PgInsertValue<T>[], size = 1000) {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((row) => key in row));
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const types = sql.raw(columns.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', '));
  for (let start = 0; start < rows.length; start += size) {
    const records = rows
      .slice(start, start + size)
      .map((row) =>
        Object.fromEntries(columns.map(([key]) => [key, (row as Record<string, unknown>)[key] ?? null])),
      );
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${types})`,
    );
  }
}

function splitName(name: string) {
  const parts = name.split(' ');
  const first = parts[0] ?? name;
  const last =
    parts.length > 2 && /^[a-z]/.test(parts[parts.length - 2] ?? '') ? parts.slice(-2) : parts.slice(-1);
  return { first, last: last.join(' ') };
}

/**
 * The CRM half of the demo (issue 4): lead statuses and sign-up requirements, 200 investors with
 * profiles, categorisations, consents, documents, onboarding documents, notes, calls and tasks, 100
 * contacts, 10 organisations with members, 3 investment methods, a nominee and two pending
 * organisation applications, with the audit rows their Activity timelines are written from. The two
 * demo investors get a categorisation and documents too. Seeded: every run makes the same people and
 * the same story, placed relative to `now`. Runs after the demo users exist.
 */
export async function seedCrmDemo(ctx: AppContext, password: string, now = new Date()) {
  const passwordHash = await hashPassword(password);
  const random = seededRandom(SEED);
  const files: Array<{ key: string; body: Buffer }> = [];
  await ctx.db.transaction(async (tx) => {
    await new CrmDemo(tx, random, now, passwordHash, files).run();
    // Stored before the transaction commits: a failed write leaves no document row without its file.
    await storeAll(ctx.storage, files);
  });
}

async function storeAll(storage: Storage, files: Array<{ key: string; body: Buffer }>) {
  for (let start = 0; start < files.length; start += 16)
    await Promise.all(
      files.slice(start, start + 16).map((file) => storage.put(file.key, file.body, 'application/pdf')),
    );
}

class CrmDemo {
  private readonly audit: AuditRow[] = [];
  private readonly documentRows: Array<PgInsertValue<typeof documents>> = [];
  private readonly noteRows: Array<PgInsertValue<typeof notes>> = [];
  private readonly callRows: Array<PgInsertValue<typeof calls>> = [];
  private readonly taskRows: Array<PgInsertValue<typeof tasks>> = [];
  private readonly leadStatusIds = new Map<LeadStatusName, number>();
  private requirementIds: number[] = [];
  private admin = 0;
  private reviewers: number[] = [];
  private owners: number[] = [];
  private assignees: number[] = [];
  private adviser: number | null = null;
  private fileCount = 0;

  constructor(
    private readonly tx: DbOrTx,
    private readonly random: Random,
    private readonly now: Date,
    private readonly passwordHash: string,
    private readonly files: Array<{ key: string; body: Buffer }>,
  ) {}

  async run() {
    await this.loadStaff();
    await this.settings();
    const demoInvestors = await this.tx
      .select({ id: users.id, name: users.name, email: users.email, created: users.created_at })
      .from(users)
      .where(inArray(users.role_id, [ROLES.USER]))
      .orderBy(asc(users.id));
    const people = createPeople(this.random, EXAMPLE_DOMAINS);
    const investors = await this.investors(people);
    await this.demoInvestors(demoInvestors);
    await this.contacts(people, investors);
    await this.organisations(investors);
    await this.investmentMethods(investors);
    await this.nominee(investors);
    await this.flush();
    // Issue 9: the checks behind each screening status; the first demo investor has passed.
    await seedScreening(this.tx, {
      adminId: this.admin,
      passedIds: demoInvestors.slice(0, 1).map((row) => row.id),
    });
    await refreshOnboardingStates(
      this.tx,
      [...demoInvestors, ...investors].map((investor) => investor.id),
    );
    // Whoever did something was signed in to do it: their last sign-in is no older than their last act.
    await this.tx.execute(sql`
      update users set last_login_at = acts.last
      from (select actor_id, max(created_at) as last from audit_log group by actor_id) acts
      where acts.actor_id = users.id and (users.last_login_at is null or users.last_login_at < acts.last)`);
  }

  // ---- helpers -------------------------------------------------------------------------------

  private daysAgo(days: number) {
    return new Date(this.now.getTime() - days * DAY);
  }

  /** A moment between two others (never after now). */
  private between(from: Date, to: Date) {
    const end = Math.min(to.getTime(), this.now.getTime());
    const start = Math.min(from.getTime(), end);
    return new Date(start + this.random.next() * (end - start));
  }

  private after(from: Date, minDays: number, maxDays: number) {
    const at = from.getTime() + (minDays + this.random.next() * (maxDays - minDays)) * DAY;
    return new Date(Math.min(at, this.now.getTime() - 60_000));
  }

  private int(from: number, to: number) {
    return from + Math.floor(this.random.next() * (to - from + 1));
  }

  private digits(count: number) {
    return Array.from({ length: count }, () => this.int(0, 9)).join('');
  }

  /** Ofcom's numbers for drama: they ring no one. */
  private mobile() {
    return `+44 7700 900${this.digits(3)}`;
  }

  private log(
    actor: number | null,
    action: string,
    subjectType: string,
    subjectId: number,
    at: Date,
    after: Record<string, unknown> | null = null,
    before: Record<string, unknown> | null = null,
  ) {
    this.audit.push({
      actor_id: actor,
      action,
      subject_type: subjectType,
      subject_id: subjectId,
      before,
      after,
      request_id: REQUEST_ID,
      ip: null,
      created_at: at,
    });
  }

  /** A stored PDF and its documents row; returns the storage key (the row's id comes on insert). */
  private document(
    subjectType: SubjectType,
    subjectId: number,
    name: string,
    visibility: 'public' | 'private',
    category: string,
    uploadedBy: number,
    at: Date,
    lines: readonly string[],
    about: string,
  ) {
    this.fileCount += 1;
    const key = `documents/demo-${String(this.fileCount).padStart(4, '0')}-${this.digits(8)}.pdf`;
    const body = demoPdf(name.replace(/\.pdf$/, ''), [
      about,
      `Dated ${at.toISOString().slice(0, 10)}`,
      '',
      ...lines,
      '',
      'Demo data: this document was generated for the Portico demo.',
    ]);
    this.files.push({ key, body });
    this.documentRows.push({
      subject_type: subjectType,
      subject_id: subjectId,
      name,
      storage_key: key,
      content_type: 'application/pdf',
      size_bytes: body.length,
      visibility,
      category,
      uploaded_by: uploadedBy,
      created_at: at,
    });
    this.log(uploadedBy, 'document.uploaded', subjectType, subjectId, at, { name, visibility });
    return key;
  }

  private note(type: SubjectType, id: number, body: string, author: number, at: Date) {
    this.noteRows.push({
      subject_type: type,
      subject_id: id,
      body,
      author_id: author,
      created_at: at,
      updated_at: at,
    });
    this.log(author, 'note.added', type, id, at);
  }

  private call(type: SubjectType, id: number, author: number, at: Date, connected = false) {
    const outcome = connected || this.random.chance(0.6) ? 'connected' : this.random.pick(CALL_OUTCOMES);
    const duration = outcome === 'connected' ? this.int(4, 45) : outcome === 'left_voicemail' ? 1 : 0;
    this.callRows.push({
      subject_type: type,
      subject_id: id,
      occurred_at: at,
      duration_minutes: duration,
      outcome,
      summary: this.random.pick(CALL_SUMMARIES[outcome]),
      author_id: author,
      created_at: at,
      updated_at: at,
    });
    this.log(author, 'call.logged', type, id, at, { outcome, duration_minutes: duration });
  }

  /** A task: some done, some still open (and some of those overdue), mostly for the Super Admin. */
  private task(type: SubjectType, id: number, since: Date, forAdmin: boolean) {
    const creator = this.random.pick(this.owners);
    const assignee = forAdmin ? this.admin : this.random.pick(this.assignees);
    const title = this.random.pick(TASK_TITLES);
    const created = this.between(since, this.daysAgo(1));
    const roll = this.random.next();
    // done, overdue (due in the past, open), or due in the coming weeks
    const kind = roll < 0.35 ? 'done' : roll < 0.65 ? 'overdue' : 'upcoming';
    const due =
      kind === 'upcoming'
        ? new Date(this.now.getTime() + this.int(1, 30) * DAY + this.int(9, 16) * 3_600_000)
        : this.after(created, 1, 20);
    const done = kind === 'done' ? this.between(created, due) : null;
    this.taskRows.push({
      subject_type: type,
      subject_id: id,
      title,
      description: this.random.chance(0.4) ? 'See the latest note for the background.' : null,
      due_at: due,
      assignee_id: assignee,
      created_by: creator,
      done_at: done,
      created_at: created,
      updated_at: done ?? created,
    });
    this.log(creator, 'task.created', type, id, created, { title, assignee_id: assignee });
    if (done) this.log(assignee, 'task.completed', type, id, done, { done: true }, { title });
  }

  // ---- reference data ------------------------------------------------------------------------

  private async loadStaff() {
    const staff = await this.tx
      .select({ id: users.id, role: users.role_id })
      .from(users)
      .where(
        and(
          inArray(users.role_id, [
            ROLES.SUPER_ADMIN,
            ROLES.INVESTMENT_COMMITTEE,
            ROLES.SUPPORT,
            ROLES.INVESTMENT_MANAGER,
            ROLES.FUND_MANAGER,
            ROLES.ADVISER,
          ]),
          // A colleague still invited has never signed in: they own, review and write nothing yet.
          isNotNull(users.password),
        ),
      )
      .orderBy(asc(users.id));
    const of = (...roles: number[]) =>
      staff.filter((user) => roles.includes(user.role)).map((user) => user.id);
    const admin = of(ROLES.SUPER_ADMIN)[0];
    if (admin === undefined) throw new Error('the CRM demo needs the demo staff first');
    this.admin = admin;
    this.owners = of(ROLES.SUPER_ADMIN, ROLES.INVESTMENT_MANAGER, ROLES.FUND_MANAGER);
    this.reviewers = of(ROLES.SUPER_ADMIN, ROLES.INVESTMENT_COMMITTEE, ROLES.SUPPORT);
    this.assignees = of(
      ROLES.INVESTMENT_MANAGER,
      ROLES.FUND_MANAGER,
      ROLES.SUPPORT,
      ROLES.INVESTMENT_COMMITTEE,
    );
    this.adviser = of(ROLES.ADVISER)[0] ?? null;
  }

  private async settings() {
    const created = this.daysAgo(SPAN_DAYS + 30);
    const statuses = await this.tx
      .insert(leadStatuses)
      .values(
        DEMO_LEAD_STATUSES.map((status, position) => ({
          ...status,
          position,
          is_default: position === 0,
          created_at: created,
          updated_at: created,
        })),
      )
      .returning({ id: leadStatuses.id, name: leadStatuses.name });
    for (const status of statuses) this.leadStatusIds.set(status.name as LeadStatusName, status.id);
    const requirements = await this.tx
      .insert(onboardingRequirements)
      .values(
        REQUIREMENTS.map((requirement, position) => ({
          name: requirement.name,
          description: requirement.description,
          // Collected once (issue 18): these two are the identity check's files.
          identity_evidence:
            requirement.name === 'Proof of identity'
              ? ('identity_document' as const)
              : requirement.name === 'Proof of address'
                ? ('proof_of_address' as const)
                : null,
          kind: 'upload' as const,
          required: true,
          active: true,
          position,
          created_at: created,
          updated_at: created,
        })),
      )
      .returning({ id: onboardingRequirements.id });
    this.requirementIds = requirements.map((row) => row.id);
  }

  private status(name: LeadStatusName) {
    const id = this.leadStatusIds.get(name);
    if (id === undefined) throw new Error(`no lead status ${name}`);
    return id;
  }

  // ---- investors -----------------------------------------------------------------------------

  private async investors(people: ReturnType<typeof createPeople>) {
    const planned = Array.from({ length: CRM_DEMO_COUNTS.investors }, () => {
      const { name, email } = people(false);
      // More sign-ups recently, as a platform grows.
      const created = this.daysAgo(SPAN_DAYS * this.random.next() ** 1.4 + 0.5);
      const staffAdded = this.random.chance(0.2);
      return { name, email, created, staffAdded };
    });
    // Ids follow sign-up order.
    planned.sort((a, b) => a.created.getTime() - b.created.getTime());
    const inserted = await this.tx
      .insert(users)
      .values(
        planned.map((person) => {
          const verified = new Date(person.created.getTime() + this.int(2, 600) * 60_000);
          const lastLogin = this.random.chance(0.85) ? this.between(verified, this.now) : null;
          return {
            name: person.name,
            email: person.email,
            password: this.passwordHash,
            role_id: ROLES.USER,
            email_verified_at: verified,
            accepted_terms_version: 1,
            last_login_at: lastLogin,
            invited_at: person.staffAdded ? person.created : null,
            invited_by: person.staffAdded ? this.random.pick(this.owners) : null,
            created_at: person.created,
            updated_at: lastLogin ?? verified,
          };
        }),
      )
      .returning({
        id: users.id,
        name: users.name,
        email: users.email,
        created: users.created_at,
        verified: users.email_verified_at,
        invited_by: users.invited_by,
      });

    const profiles: Array<PgInsertValue<typeof investorProfiles>> = [];
    const categorisationRows: Array<PgInsertValue<typeof categorisations>> = [];
    const consentRows: Array<PgInsertValue<typeof consents>> = [];
    const submissions: Array<{ row: PgInsertValue<typeof onboardingDocuments>; key: string }> = [];

    for (const investor of inserted) {
      const verified = investor.verified ?? investor.created;
      if (investor.invited_by !== null) {
        this.log(investor.invited_by, 'investor.created', 'investor', investor.id, investor.created, {
          name: investor.name,
          email: investor.email,
        });
        this.log(investor.id, 'user.invitation_accepted', 'user', investor.id, verified);
      } else {
        this.log(investor.id, 'user.registered', 'user', investor.id, investor.created, {
          name: investor.name,
          email: investor.email,
          role_id: ROLES.USER,
        });
        this.log(investor.id, 'user.email_verified', 'user', investor.id, verified);
      }

      // Where they stand: about 60% hold a current approved categorisation.
      const age = (this.now.getTime() - investor.created.getTime()) / DAY;
      const roll = this.random.next();
      const path =
        roll < 0.6 && age > 3
          ? 'current'
          : roll < 0.65
            ? 'pending'
            : roll < 0.72 && age > 380
              ? 'expired'
              : 'none';
      const stage: Stage =
        path !== 'current'
          ? 'none'
          : this.random.pick<Stage>([
              'none',
              'none',
              'submitted',
              'submitted',
              'complete',
              'complete',
              'complete',
              'rejected',
            ]);

      if (path === 'current') {
        const earliest = new Date(Math.max(verified.getTime(), this.daysAgo(360).getTime()));
        // A few signed almost a year ago: their categorisation expires within the month.
        const expiring = this.random.chance(0.08) && verified < this.daysAgo(345);
        const signed = expiring
          ? this.between(this.daysAgo(355), this.daysAgo(338))
          : this.between(earliest, this.daysAgo(2));
        // Some renewed an older one.
        if (verified < this.daysAgo(signedAge(signed, this.now) + 370) && this.random.chance(0.5)) {
          const earlier = this.between(verified, new Date(signed.getTime() - 366 * DAY));
          this.categorisation(categorisationRows, investor.id, earlier, 'approved');
        }
        this.categorisation(categorisationRows, investor.id, signed, 'approved');
      } else if (path === 'pending') {
        const from = new Date(Math.max(verified.getTime(), this.daysAgo(9).getTime()));
        this.categorisation(categorisationRows, investor.id, this.between(from, this.now), 'pending');
      } else if (path === 'expired') {
        this.categorisation(
          categorisationRows,
          investor.id,
          this.between(verified, this.daysAgo(370)),
          'approved',
        );
      }

      const signedAt = categorisationRows.findLast((row) => row.user_id === investor.id)?.signed_at;
      const ready = signedAt instanceof Date ? signedAt : verified;
      this.onboarding(submissions, investor, ready, stage, path === 'none' && this.random.chance(0.1));
      this.consents(consentRows, investor.id, verified);

      const lead: LeadStatusName =
        stage === 'complete'
          ? this.random.pick<LeadStatusName>(['Committed', 'Committed', 'Interested'])
          : path === 'current'
            ? this.random.pick<LeadStatusName>(['Interested', 'Meeting booked', 'Committed', 'Contacted'])
            : this.random.pick<LeadStatusName>([
                'New lead',
                'New lead',
                'Contacted',
                'Meeting booked',
                'Not interested',
              ]);
      const { first, last } = splitName(investor.name);
      const [city, district] = this.random.pick(CITIES);
      const banked = stage === 'complete' || this.random.chance(0.2);
      profiles.push({
        user_id: investor.id,
        title: this.random.chance(0.75) ? this.random.pick(['Mr', 'Mrs', 'Ms', 'Miss', 'Dr']) : null,
        first_name: first,
        last_name: last,
        phone: this.random.chance(0.9) ? this.mobile() : null,
        date_of_birth: this.daysAgo(365.25 * this.int(26, 74) + this.int(0, 364))
          .toISOString()
          .slice(0, 10),
        nationality: this.random.chance(0.85)
          ? 'British'
          : this.random.pick(['Irish', 'French', 'Indian', 'American', 'German']),
        address_line_1: `${this.int(1, 180)} ${this.random.pick(STREETS)}`,
        city,
        postcode: `${district} ${this.int(1, 9)}${this.random.pick(['AB', 'DX', 'HQ', 'LT', 'RW', 'ZN'])}`,
        country: 'GB',
        client_type: this.random.pick<ClientType>([
          'soletrader',
          'soletrader',
          'soletrader',
          'business',
          'business',
          'organisation',
        ]),
        lead_status_id: this.status(lead),
        owner_id: this.random.chance(0.85) ? this.random.pick(this.owners) : null,
        adviser_id: this.adviser !== null && this.random.chance(0.15) ? this.adviser : null,
        source: investor.invited_by !== null ? 'Adviser' : this.random.pick(SOURCES),
        ni_number: banked
          ? `Q${this.random.pick(['A', 'B', 'C', 'E', 'H'])}${this.digits(6)}${this.random.pick(['A', 'B', 'C', 'D'])}`
          : null,
        bank_account_name: banked ? investor.name : null,
        bank_sort_code: banked ? `${this.digits(2)}-${this.digits(2)}-${this.digits(2)}` : null,
        bank_account_number: banked ? this.digits(8) : null,
        screening_status: stage === 'complete' ? 'passed' : stage === 'submitted' ? 'pending' : 'not_started',
        screened_at: stage === 'complete' ? this.after(ready, 1, 5) : null,
        created_at: investor.created,
        updated_at: investor.created,
      });

      this.engagements('investor', investor.id, investor.created, INVESTOR_NOTES, 0.55, 0.35, 0.3);
      if (this.random.chance(0.15)) {
        const spec = this.random.pick(PUBLIC_DOCUMENTS);
        this.document(
          'investor',
          investor.id,
          spec.name,
          'public',
          spec.category,
          this.random.pick(this.owners),
          this.between(ready, this.now),
          spec.lines,
          `Prepared for ${investor.name}`,
        );
      }
      if (this.random.chance(0.12)) {
        const spec = this.random.pick(PRIVATE_DOCUMENTS);
        this.document(
          'investor',
          investor.id,
          spec.name,
          'private',
          spec.category,
          this.random.pick(this.reviewers),
          this.between(ready, this.now),
          spec.lines,
          `About ${investor.name}`,
        );
      }
    }

    await insertAll(this.tx, investorProfiles, profiles);
    await insertAll(this.tx, categorisations, categorisationRows);
    await insertAll(this.tx, consents, consentRows);
    await this.insertSubmissions(submissions);
    return inserted.map((row): Person => ({
      id: row.id,
      name: row.name,
      email: row.email,
      created: row.created,
    }));
  }

  /** A signed statement, approved by staff a day or two later (approval is on in the demo). */
  private categorisation(
    rows: Array<PgInsertValue<typeof categorisations>>,
    userId: number,
    signed: Date,
    status: 'approved' | 'pending',
  ) {
    const category = this.random.pick<InvestorCategory>([
      'restricted',
      'restricted',
      'high_net_worth',
      'high_net_worth',
      'sophisticated',
      'self_certified',
      'professional',
    ]);
    const statement = findCategorisationStatement(category);
    if (!statement) throw new Error(`no statement for ${category}`);
    const expires = categorisationExpiry(signed);
    const reviewer = this.random.pick(this.reviewers);
    const reviewed = status === 'approved' ? this.after(signed, 0.1, 3) : null;
    rows.push({
      user_id: userId,
      category,
      statement_version: statement.version,
      statement_text: statement.text,
      answers: DEMO_CATEGORISATION_ANSWERS[category],
      signed_at: signed,
      expires_at: expires,
      status,
      recorded_by: userId,
      reviewed_by: reviewed ? reviewer : null,
      reviewed_at: reviewed,
      created_at: signed,
    });
    const facts = { category, statement_version: statement.version };
    this.log(userId, 'categorisation.recorded', 'investor', userId, signed, {
      ...facts,
      status: 'pending',
      signed_at: signed.toISOString(),
      expires_at: expires.toISOString(),
      by_investor: true,
    });
    if (reviewed) this.log(reviewer, 'categorisation.approved', 'investor', userId, reviewed, facts);
  }

  /** Consents given at sign-up (most give them; a few withdraw marketing later); `at`: all given then. */
  private consents(rows: Array<PgInsertValue<typeof consents>>, userId: number, since: Date, at?: Date) {
    if (!at && !this.random.chance(0.75)) return;
    const when = at ?? new Date(since.getTime() + this.int(1, 30) * 60_000);
    const given: Record<(typeof CONSENT_KINDS)[number], number> = {
      marketing: 0.6,
      data_sharing: 0.85,
      electronic_communication: 0.95,
    };
    for (const kind of CONSENT_KINDS) {
      const wording = currentConsentWording(kind);
      if (!wording) continue;
      const yes = at !== undefined || this.random.chance(given[kind]);
      rows.push({
        user_id: userId,
        kind,
        given: yes,
        wording: wording.text,
        recorded_by: userId,
        created_at: when,
      });
      this.log(userId, 'consent.recorded', 'investor', userId, when, {
        kind,
        given: yes,
        wording_version: CONSENT_WORDING_VERSION,
        by_investor: true,
      });
      // A few change their mind about marketing later: the log keeps both entries.
      if (kind === 'marketing' && yes && !at && this.random.chance(0.15)) {
        const later = this.between(when, this.now);
        rows.push({
          user_id: userId,
          kind,
          given: false,
          wording: wording.text,
          recorded_by: userId,
          created_at: later,
        });
        this.log(userId, 'consent.recorded', 'investor', userId, later, {
          kind,
          given: false,
          wording_version: CONSENT_WORDING_VERSION,
          by_investor: true,
        });
      }
    }
  }

  /**
   * Onboarding documents after the categorisation: none yet, all submitted (some awaiting review),
   * all approved, or one rejected with a reason (and sometimes sent again). `early`: an investor not
   * yet categorised who sent their proof of identity anyway.
   */
  private onboarding(
    submissions: Array<{ row: PgInsertValue<typeof onboardingDocuments>; key: string }>,
    investor: { id: number; name: string },
    ready: Date,
    stage: Stage,
    early: boolean,
  ) {
    const count = stage === 'none' ? (early ? 1 : 0) : REQUIREMENTS.length;
    const rejectedIndex = stage === 'rejected' ? this.int(0, REQUIREMENTS.length - 1) : -1;
    for (let index = 0; index < count; index++) {
      const requirement = REQUIREMENTS[index];
      const requirementId = this.requirementIds[index];
      if (!requirement || requirementId === undefined) continue;
      const submitted = this.after(ready, 0.05, 6);
      const file = this.random.pick(requirement.files);
      const submit = (at: Date) =>
        this.document(
          'investor',
          investor.id,
          file,
          'private',
          'Onboarding documents',
          investor.id,
          at,
          [requirement.description],
          `${requirement.name} for ${investor.name}`,
        );
      const key = submit(submitted);
      this.log(investor.id, 'onboarding_document.submitted', 'investor', investor.id, submitted, {
        requirement_id: requirementId,
        requirement: requirement.name,
        name: file,
        by_investor: true,
      });
      const decided = this.after(submitted, 0.1, 4);
      const reviewer = this.random.pick(this.reviewers);
      const outcome =
        index === rejectedIndex
          ? 'rejected'
          : stage === 'complete' || (stage === 'submitted' && this.random.chance(0.5)) || stage === 'rejected'
            ? 'approved'
            : 'pending';
      const reason = outcome === 'rejected' ? this.random.pick(REJECTIONS) : null;
      submissions.push({
        key,
        row: {
          user_id: investor.id,
          requirement_id: requirementId,
          status: outcome,
          reason,
          reviewed_by: outcome === 'pending' ? null : reviewer,
          reviewed_at: outcome === 'pending' ? null : decided,
          created_at: submitted,
          updated_at: outcome === 'pending' ? submitted : decided,
        },
      });
      if (outcome !== 'pending')
        this.log(reviewer, `onboarding_document.${outcome}`, 'investor', investor.id, decided, {
          requirement_id: requirementId,
          requirement: requirement.name,
          status: outcome,
          reason,
        });
      // Half of those rejected have sent a new one, now awaiting review.
      if (outcome === 'rejected' && this.random.chance(0.5)) {
        const again = this.after(decided, 0.5, 5);
        const second = submit(again);
        submissions.push({
          key: second,
          row: {
            user_id: investor.id,
            requirement_id: requirementId,
            status: 'pending',
            created_at: again,
            updated_at: again,
          },
        });
        this.log(investor.id, 'onboarding_document.submitted', 'investor', investor.id, again, {
          requirement_id: requirementId,
          requirement: requirement.name,
          name: file,
          by_investor: true,
        });
      }
    }
  }

  /** Inserts the documents gathered so far, then the onboarding submissions that point at them. */
  private async insertSubmissions(
    submissions: Array<{ row: PgInsertValue<typeof onboardingDocuments>; key: string }>,
  ) {
    const ids = await this.insertDocuments();
    await insertAll(
      this.tx,
      onboardingDocuments,
      submissions.map(({ row, key }) => ({ ...row, document_id: ids.get(key) ?? null })),
    );
  }

  private async insertDocuments() {
    const ids = new Map<string, number>();
    const rows = this.documentRows.splice(0);
    for (let start = 0; start < rows.length; start += 400) {
      const inserted = await this.tx
        .insert(documents)
        .values(rows.slice(start, start + 400))
        .returning({ id: documents.id, key: documents.storage_key });
      for (const row of inserted) ids.set(row.key, row.id);
    }
    return ids;
  }

  /** Notes, calls and tasks on a record, each with its chance. */
  private engagements(
    type: SubjectType,
    id: number,
    since: Date,
    pool: readonly string[],
    noteChance: number,
    callChance: number,
    taskChance: number,
  ) {
    if (this.random.chance(noteChance))
      for (let index = this.int(1, 3); index > 0; index--)
        this.note(
          type,
          id,
          this.random.pick(pool),
          this.random.pick(this.owners),
          this.between(since, this.now),
        );
    if (this.random.chance(callChance))
      for (let index = this.int(1, 2); index > 0; index--)
        this.call(type, id, this.random.pick(this.owners), this.between(since, this.now));
    if (this.random.chance(taskChance)) this.task(type, id, since, this.random.chance(0.5));
  }

  // ---- the two demo investors ----------------------------------------------------------------

  /**
   * investor@portico.test: high net worth, every sign-up document approved (with the test passed and
   * identity confirmed elsewhere in the seed, she is ready to invest), a welcome pack and a statement in
   * the portal. investor2@portico.test: sophisticated, no documents yet. They
   * were created a moment ago (the demo users are left as they are), so their story is stamped
   * between their creation and now, in order.
   */
  private async demoInvestors(people: Array<{ id: number; name: string; email: string; created: Date }>) {
    const rows: Array<PgInsertValue<typeof categorisations>> = [];
    const submissions: Array<{ row: PgInsertValue<typeof onboardingDocuments>; key: string }> = [];
    const profiles: Array<PgInsertValue<typeof investorProfiles>> = [];
    const consentRows: Array<PgInsertValue<typeof consents>> = [];
    for (const [index, person] of people.entries()) {
      const first = index === 0;
      let step = 0;
      const stamp = () => {
        step += 1;
        return new Date(Math.min(person.created.getTime() + step, Date.now()));
      };
      const { first: firstName, last } = splitName(person.name);
      const category: InvestorCategory = first ? 'high_net_worth' : 'sophisticated';
      const signed = stamp();
      const statement = findCategorisationStatement(category);
      if (!statement) continue;
      const reviewed = stamp();
      rows.push({
        user_id: person.id,
        category,
        statement_version: statement.version,
        statement_text: statement.text,
        answers: DEMO_CATEGORISATION_ANSWERS[category],
        signed_at: signed,
        expires_at: categorisationExpiry(signed),
        status: 'approved',
        recorded_by: person.id,
        reviewed_by: this.admin,
        reviewed_at: reviewed,
        created_at: signed,
      });
      const facts = { category, statement_version: statement.version };
      this.log(person.id, 'categorisation.recorded', 'investor', person.id, signed, {
        ...facts,
        status: 'pending',
        by_investor: true,
      });
      this.log(this.admin, 'categorisation.approved', 'investor', person.id, reviewed, facts);
      this.consents(consentRows, person.id, person.created, stamp());
      profiles.push({
        user_id: person.id,
        title: first ? 'Ms' : 'Mr',
        first_name: firstName,
        last_name: last,
        phone: first ? '+44 7700 900123' : '+44 7700 900456',
        nationality: 'British',
        address_line_1: first ? '14 Orchard Close' : '3 The Crescent',
        city: first ? 'Bath' : 'York',
        postcode: first ? 'BA1 2QH' : 'YO1 7HH',
        country: 'GB',
        client_type: 'soletrader',
        lead_status_id: this.status(first ? 'Committed' : 'Interested'),
        owner_id: this.admin,
        source: 'Website',
        created_at: person.created,
        updated_at: person.created,
      });
      if (!first) continue;
      for (const [position, requirement] of REQUIREMENTS.entries()) {
        const requirementId = this.requirementIds[position];
        if (requirementId === undefined) continue;
        const at = stamp();
        const file = requirement.files[0];
        const key = this.document(
          'investor',
          person.id,
          file,
          'private',
          'Onboarding documents',
          person.id,
          at,
          [requirement.description],
          `${requirement.name} for ${person.name}`,
        );
        const decided = stamp();
        submissions.push({
          key,
          row: {
            user_id: person.id,
            requirement_id: requirementId,
            status: 'approved',
            reviewed_by: this.admin,
            reviewed_at: decided,
            created_at: at,
            updated_at: at,
          },
        });
        this.log(person.id, 'onboarding_document.submitted', 'investor', person.id, at, {
          requirement: requirement.name,
          name: file,
          by_investor: true,
        });
        this.log(this.admin, 'onboarding_document.approved', 'investor', person.id, decided, {
          requirement: requirement.name,
          status: 'approved',
        });
      }
      const [welcome, statement_] = [PUBLIC_DOCUMENTS[0], PUBLIC_DOCUMENTS[1]];
      this.document(
        'investor',
        person.id,
        welcome.name,
        'public',
        welcome.category,
        this.admin,
        stamp(),
        welcome.lines,
        `Prepared for ${person.name}`,
      );
      this.document(
        'investor',
        person.id,
        statement_.name,
        'public',
        statement_.category,
        this.admin,
        stamp(),
        statement_.lines,
        `Prepared for ${person.name}`,
      );
      this.note(
        'investor',
        person.id,
        'Keen to invest in the next fund close; asked for the information memorandum.',
        this.admin,
        stamp(),
      );
      this.call('investor', person.id, this.admin, stamp(), true);
    }
    await insertAll(this.tx, investorProfiles, profiles);
    await insertAll(this.tx, categorisations, rows);
    await insertAll(this.tx, consents, consentRows);
    await this.insertSubmissions(submissions);
  }

  // ---- contacts ------------------------------------------------------------------------------

  /** 100 contacts: 15 who became investors (state 3, same email), 15 inactive, the rest active. */
  private async contacts(people: ReturnType<typeof createPeople>, investors: Person[]) {
    const converted = investors.filter((_, index) => index % 13 === 5).slice(0, 15);
    const rows: Array<PgInsertValue<typeof contacts>> = [];
    for (let index = 0; index < CRM_DEMO_COUNTS.contacts; index++) {
      const investor = converted[index];
      const person = investor ?? people(false);
      const { first, last } = splitName(person.name);
      const state = investor ? 3 : index < converted.length + 15 ? 2 : 1;
      const created = investor
        ? new Date(investor.created.getTime() - this.int(10, 120) * DAY)
        : this.daysAgo(SPAN_DAYS * this.random.next() ** 1.2 + 0.5);
      const [city] = this.random.pick(CITIES);
      rows.push({
        first_name: first,
        last_name: last,
        name: `${first} ${last}`,
        email: investor || this.random.chance(0.92) ? person.email : null,
        phone: this.random.chance(0.7) ? this.mobile() : null,
        company: this.random.chance(0.6) ? this.random.pick(COMPANIES) : null,
        job_title: this.random.chance(0.6) ? this.random.pick(JOB_TITLES) : null,
        state,
        lead_status_id: this.status(
          state === 3
            ? 'Committed'
            : state === 2
              ? 'Not interested'
              : this.random.pick<LeadStatusName>([
                  'New lead',
                  'New lead',
                  'Contacted',
                  'Meeting booked',
                  'Interested',
                ]),
        ),
        client_type: this.random.chance(0.8)
          ? this.random.pick<ClientType>(['soletrader', 'soletrader', 'business', 'organisation'])
          : null,
        owner_id: this.random.chance(0.8) ? this.random.pick(this.owners) : null,
        source: this.random.pick(SOURCES),
        city,
        country: 'GB',
        category: this.random.chance(0.35)
          ? this.random.pick<InvestorCategory>([
              'restricted',
              'high_net_worth',
              'sophisticated',
              'self_certified',
            ])
          : null,
        user_id: investor?.id ?? null,
        created_at: created,
        updated_at: investor ? investor.created : created,
      });
    }
    const inserted = await this.tx.insert(contacts).values(rows).returning({
      id: contacts.id,
      name: contacts.name,
      state: contacts.state,
      user_id: contacts.user_id,
      created: contacts.created_at,
    });
    for (const contact of inserted) {
      const creator = this.random.pick(this.owners);
      this.log(creator, 'contact.created', 'contact', contact.id, contact.created, { name: contact.name });
      const investor = investors.find((person) => person.id === contact.user_id);
      if (investor)
        this.log(
          investor.id,
          'contact.converted',
          'contact',
          contact.id,
          investor.created,
          { state: 3, user_id: investor.id, investor: investor.name },
          { state: 1, user_id: null },
        );
      this.engagements(
        'contact',
        contact.id,
        contact.created,
        CONTACT_NOTES,
        0.45,
        0.25,
        contact.state === 1 ? 0.2 : 0.05,
      );
    }
  }

  // ---- organisations, investment methods, the nominee ----------------------------------------

  private async organisations(investors: Person[]) {
    const created = ORGANISATIONS.map(() => this.daysAgo(this.int(60, SPAN_DAYS)));
    const inserted = await this.tx
      .insert(organisations)
      .values(
        ORGANISATIONS.map((organisation, index) => ({
          name: organisation.name,
          type: organisation.type,
          registration_number: organisation.registration_number,
          email: `info@${organisation.slug}.example.com`,
          phone: `+44 20 7946 0${this.digits(3)}`,
          website: `https://${organisation.slug}.example.com`,
          address_line_1: `${this.int(1, 90)} ${this.random.pick(STREETS)}`,
          city: organisation.city,
          country: 'GB',
          created_at: created[index],
          updated_at: created[index],
        })),
      )
      .returning({ id: organisations.id, name: organisations.name, created: organisations.created_at });
    const links: Array<PgInsertValue<typeof organisationLinks>> = [];
    // Members come from the older half of the investors, so they joined after signing up.
    const pool = investors.slice(0, Math.floor(investors.length * 0.7));
    const members = new Map<number, Set<number>>();
    for (const organisation of inserted) {
      const creator = this.random.pick(this.owners);
      this.log(creator, 'organisation.created', 'organisation', organisation.id, organisation.created, {
        name: organisation.name,
      });
      const chosen = new Set<number>();
      const size = this.int(2, 6);
      while (chosen.size < size) chosen.add(this.random.pick(pool).id);
      members.set(organisation.id, chosen);
      for (const [position, userId] of [...chosen].entries()) {
        const investor = investors.find((person) => person.id === userId);
        const joined = this.between(
          new Date(Math.max(organisation.created.getTime(), investor?.created.getTime() ?? 0)),
          this.now,
        );
        const role = position === 0 ? 'director' : this.random.pick(ORGANISATION_ROLES);
        links.push({ organisation_id: organisation.id, user_id: userId, role, created_at: joined });
        this.log(creator, 'organisation.member_added', 'organisation', organisation.id, joined, {
          user_id: userId,
          name: investor?.name,
          role,
        });
      }
      this.engagements(
        'organisation',
        organisation.id,
        organisation.created,
        INVESTOR_NOTES.slice(0, 4),
        0.5,
        0.3,
        0.3,
      );
    }
    await insertAll(this.tx, organisationLinks, links);

    // Two applications from the portal, awaiting a decision: one to join, one to create.
    const [join] = inserted;
    const joiner = investors.find(
      (person) => !members.get(join?.id ?? 0)?.has(person.id) && person.created < this.daysAgo(30),
    );
    const proposer = investors.findLast((person) => person.id !== joiner?.id);
    const applications: Array<PgInsertValue<typeof organisationApplications>> = [];
    if (join && joiner) {
      const at = this.daysAgo(3);
      applications.push({
        user_id: joiner.id,
        organisation_id: join.id,
        role: 'member',
        message: 'I invest alongside the family and would like my holdings shown together.',
        created_at: at,
        updated_at: at,
      });
      this.log(joiner.id, 'organisation_application.submitted', 'investor', joiner.id, at, {
        kind: 'join',
        organisation: join.name,
        role: 'member',
      });
    }
    if (proposer) {
      // A day ago, or an hour after they joined if that was later.
      const at = new Date(Math.max(this.daysAgo(1).getTime(), proposer.created.getTime() + 3_600_000));
      const name = `${splitName(proposer.name).last} Ventures Ltd`;
      applications.push({
        user_id: proposer.id,
        proposed_name: name,
        proposed_type: 'company',
        registration_number: `1${this.digits(7)}`,
        role: 'director',
        message: 'My company will make some of my investments from now on.',
        created_at: at,
        updated_at: at,
      });
      this.log(proposer.id, 'organisation_application.submitted', 'investor', proposer.id, at, {
        kind: 'create',
        organisation: name,
        role: 'director',
      });
    }
    await insertAll(this.tx, organisationApplications, applications);
  }

  private async investmentMethods(investors: Person[]) {
    const created = this.daysAgo(SPAN_DAYS + 20);
    const inserted = await this.tx
      .insert(investmentMethods)
      .values(
        METHODS.map((method) => ({
          name: method.name,
          type: method.type,
          provider: method.provider,
          description: method.description,
          email: method.email,
          created_at: created,
          updated_at: created,
        })),
      )
      .returning({ id: investmentMethods.id });
    const entities: Array<PgInsertValue<typeof investmentMethodEntities>> = [];
    for (const [index, method] of METHODS.entries()) {
      const methodId = inserted[index]?.id;
      if (methodId === undefined) continue;
      this.log(this.admin, 'investment_method.created', 'investment_method', methodId, created, {
        name: method.name,
      });
      const holders = new Set<Person>();
      while (holders.size < method.holders) holders.add(this.random.pick(investors));
      for (const holder of holders) {
        const at = this.between(holder.created, this.now);
        const status: EntityStatus =
          method.reference === null
            ? 'active'
            : this.random.pick<EntityStatus>(['active', 'active', 'active', 'pending', 'closed']);
        const name = `${holder.name} ${method.suffix}`;
        entities.push({
          investment_method_id: methodId,
          user_id: holder.id,
          name,
          account_reference: method.reference ? `${method.reference}-${this.digits(6)}` : null,
          status,
          created_at: at,
          updated_at: at,
        });
        this.log(
          this.random.pick(this.owners),
          'investment_method.entity_added',
          'investment_method',
          methodId,
          at,
          { name, status },
        );
      }
      this.engagements(
        'investment_method',
        methodId,
        created,
        [
          'Quarterly reconciliation with the provider done.',
          'Provider changed their transfer form: new version on file.',
        ],
        0.9,
        0.5,
        0.6,
      );
    }
    await insertAll(this.tx, investmentMethodEntities, entities);
  }

  private async nominee(investors: Person[]) {
    const created = this.daysAgo(SPAN_DAYS + 25);
    const [nominee] = await this.tx
      .insert(nominees)
      .values({
        name: 'Portico Nominees Limited',
        company_number: '14285736',
        fca_number: '987654',
        email: 'nominees@portico-nominees.example.com',
        phone: '+44 20 7946 0800',
        address_line_1: '12 Copperfield Street',
        city: 'London',
        postcode: 'SE1 0EN',
        country: 'GB',
        created_at: created,
        updated_at: created,
      })
      .returning({ id: nominees.id, name: nominees.name });
    if (!nominee) return;
    this.log(this.admin, 'nominee.created', 'nominee', nominee.id, created, { name: nominee.name });
    const clients = new Set<Person>();
    while (clients.size < 14) clients.add(this.random.pick(investors));
    const rows: Array<PgInsertValue<typeof nomineeClients>> = [];
    for (const client of clients) {
      const at = this.between(client.created, this.now);
      const designation = `PNL-${this.digits(6)}`;
      rows.push({ nominee_id: nominee.id, user_id: client.id, designation, created_at: at });
      this.log(this.admin, 'nominee.client_added', 'nominee', nominee.id, at, {
        user_id: client.id,
        name: client.name,
        designation,
      });
    }
    await insertAll(this.tx, nomineeClients, rows);
    this.note(
      'nominee',
      nominee.id,
      'Annual bare trust reconciliation completed with the custodian.',
      this.admin,
      this.daysAgo(30),
    );
    this.task('nominee', nominee.id, this.daysAgo(20), true);
  }

  private async flush() {
    await this.insertDocuments();
    await insertAll(this.tx, notes, this.noteRows);
    await insertAll(this.tx, calls, this.callRows);
    await insertAll(this.tx, tasks, this.taskRows);
    this.audit.sort((a, b) => (a.created_at as Date).getTime() - (b.created_at as Date).getTime());
    await insertAll(this.tx, auditLog, this.audit);
  }
}

const signedAge = (signed: Date, now: Date) => (now.getTime() - signed.getTime()) / DAY;
