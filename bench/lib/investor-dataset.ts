import { findCategorisationStatement, type InvestorCategory } from '@portico/contracts';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/platform/auth/passwords';
import { DEMO_CATEGORISATION_ANSWERS } from '../../apps/server/src/seed/demo-answers';
import { createPeople, seededRandom, type Random } from '../../apps/server/src/seed/names';
import type { InvestorBenchSettings } from './settings';

const INVESTOR = 5;
const SUPER_ADMIN = 1;
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;
const SPAN_MS = 3 * YEAR_MS;

/** Settings → investor → lead-status, with how common each is among investors (a few have none). */
export const BENCH_LEAD_STATUSES: ReadonlyArray<readonly [name: string, colour: string, weight: number]> = [
  ['New', '#228be6', 18],
  ['Contacted', '#15aabf', 16],
  ['Qualified', '#40c057', 14],
  ['Meeting booked', '#82c91e', 8],
  ['Proposal sent', '#fab005', 7],
  ['Onboarding', '#fd7e14', 10],
  ['Invested', '#7950f2', 20],
  ['Dormant', '#868e96', 7],
];

/** The staff who own investors: relationship managers and the like (role ids from contracts ROLES). */
const OWNER_ROLES = [1, 1, 8, 8, 8, 10, 10, 10, 10, 10, 10, 10, 11, 11, 11, 11, 3, 3, 9, 9] as const;
const ADVISERS = 6;
const ADVISER = 12;

const CLIENT_TYPES: ReadonlyArray<readonly [string | null, number]> = [
  ['soletrader', 60],
  ['business', 25],
  ['organisation', 10],
  [null, 5],
];
const CATEGORIES: ReadonlyArray<readonly [InvestorCategory, number]> = [
  ['restricted', 35],
  ['high_net_worth', 25],
  ['sophisticated', 20],
  ['self_certified', 15],
  ['professional', 5],
];
/** Past categorisation: further along, fewer stop. */
const CATEGORISED_STATES: ReadonlyArray<readonly [string, number]> = [
  ['categorised', 20],
  ['documents', 15],
  ['complete', 65],
];
const SOURCES: ReadonlyArray<readonly [string | null, number]> = [
  ['Website', 40],
  ['Referral', 20],
  ['Event', 8],
  ['Adviser', 10],
  ['LinkedIn', 8],
  ['Import', 9],
  [null, 5],
];
const CITIES = [
  'London',
  'London',
  'London',
  'Manchester',
  'Birmingham',
  'Leeds',
  'Bristol',
  'Edinburgh',
  'Glasgow',
  'Cambridge',
  'Oxford',
  'Cardiff',
  'Belfast',
  'Newcastle',
  'Brighton',
  'Reading',
] as const;
const ORGANISATION_WORDS = [
  'Capital',
  'Ventures',
  'Holdings',
  'Partners',
  'Investments',
  'Family Office',
  'Angels',
  'Estates',
  'Group',
  'Trust',
] as const;
const ORGANISATION_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['company', 50],
  ['trust', 12],
  ['family_office', 10],
  ['angel_network', 8],
  ['partnership', 10],
  ['charity', 3],
  ['other', 7],
];
const ORGANISATION_ROLES: ReadonlyArray<readonly [string, number]> = [
  ['member', 50],
  ['director', 25],
  ['beneficial_owner', 15],
  ['authorised_signatory', 10],
];

function weighted<T>(random: Random, items: ReadonlyArray<readonly [T, number]>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  const last = items[items.length - 1];
  if (!last) throw new Error('weighted pick from an empty list');
  return last[0];
}

const between = (random: Random, from: number, to: number) => from + random.next() * (to - from);
const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => Math.floor(random.next() * 10)).join('');

/** "Olivia Grace de Vries" → Olivia, de Vries (a middle name is dropped; "de" stays with the surname). */
function splitName(name: string) {
  const parts = name.split(' ');
  const first = parts[0] ?? name;
  const last =
    parts.length > 2 && /^[a-z]/.test(parts[parts.length - 2] ?? '') ? parts.slice(-2) : parts.slice(-1);
  return { first, last: last.join(' ') };
}

type Value = string | number | boolean | Date | null;
type Column = readonly [name: string, type: string];

/** One INSERT per batch: each column travels as one array parameter. */
async function insertBatches(
  client: pg.Client,
  table: string,
  columns: readonly Column[],
  rows: ReadonlyArray<readonly Value[]>,
  batchSize: number,
  returning?: string,
) {
  const sql = `insert into ${table} (${columns.map(([name]) => name).join(', ')}) select * from unnest(${columns
    .map(([, type], index) => `$${index + 1}::${type}[]`)
    .join(', ')})${returning ? ` returning ${returning}` : ''}`;
  const returned: Array<Record<string, unknown>> = [];
  for (let offset = 0; offset < rows.length; offset += batchSize) {
    const batch = rows.slice(offset, offset + batchSize);
    const params = columns.map((_, index) =>
      batch.map((row) => {
        const value = row[index] ?? null;
        return value instanceof Date ? value.toISOString() : value;
      }),
    );
    const result = await client.query(sql, params);
    if (returning) returned.push(...(result.rows as Array<Record<string, unknown>>));
  }
  return returned;
}

const USER_COLUMNS: readonly Column[] = [
  ['name', 'text'],
  ['email', 'text'],
  ['password', 'text'],
  ['role_id', 'smallint'],
  ['email_verified_at', 'timestamptz'],
  ['accepted_terms_version', 'integer'],
  ['compliance_passed', 'smallint'],
  ['last_login_at', 'timestamptz'],
  ['invited_at', 'timestamptz'],
  ['invited_by', 'bigint'],
  ['deactivated_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const PROFILE_COLUMNS: readonly Column[] = [
  ['user_id', 'bigint'],
  ['title', 'text'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['phone', 'text'],
  ['city', 'text'],
  ['postcode', 'text'],
  ['country', 'text'],
  ['client_type', 'text'],
  ['lead_status_id', 'bigint'],
  ['owner_id', 'bigint'],
  ['adviser_id', 'bigint'],
  ['source', 'text'],
  ['screening_status', 'text'],
  ['screened_at', 'timestamptz'],
  ['category', 'text'],
  ['category_expires_at', 'timestamptz'],
  ['onboarding_state', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const CATEGORISATION_COLUMNS: readonly Column[] = [
  ['user_id', 'bigint'],
  ['category', 'text'],
  ['statement_version', 'text'],
  ['statement_text', 'text'],
  ['answers', 'jsonb'],
  ['signed_at', 'timestamptz'],
  ['expires_at', 'timestamptz'],
  ['status', 'text'],
  ['recorded_by', 'bigint'],
  ['reviewed_by', 'bigint'],
  ['reviewed_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
];

export interface InvestorLoad {
  hashMs: number;
  generateMs: number;
  insertMs: number;
  analyzeMs: number;
  totalMs: number;
  investors: number;
  staff: number;
  organisations: number;
  links: number;
  /** what the generated data holds, in one sentence for the report */
  summary: string;
}

/**
 * 100,000 investors (by default) with their profiles, the staff who own them, lead statuses, and
 * organisations with links for about 15% of investors. Seeded: every run generates the same data.
 */
export async function loadInvestors(
  settings: InvestorBenchSettings,
  now = Date.now(),
): Promise<InvestorLoad> {
  const started = performance.now();
  const passwordHash = await hashPassword(settings.adminPassword);
  const hashed = performance.now();

  const random = seededRandom(20_261_121);
  const person = createPeople(random);
  const start = now - SPAN_MS;
  const firstDay = new Date(start - 30 * DAY_MS);

  // Staff first, so their ids are small, as on a platform that hired before it signed up investors.
  const staffRows: Value[][] = [
    [
      'Bench Admin',
      settings.adminEmail,
      passwordHash,
      SUPER_ADMIN,
      firstDay,
      0,
      0,
      null,
      null,
      null,
      null,
      firstDay,
      firstDay,
    ],
  ];
  for (const role of [...OWNER_ROLES, ...Array.from({ length: ADVISERS }, () => ADVISER)]) {
    const { name, email } = person(true);
    const created = new Date(between(random, firstDay.getTime(), start));
    staffRows.push([
      name,
      email,
      passwordHash,
      role,
      created,
      0,
      0,
      new Date(now - DAY_MS),
      null,
      null,
      null,
      created,
      created,
    ]);
  }

  /** Ids the database assigns: staff in insertion order (admin, owners, advisers), lead statuses. */
  interface Refs {
    staff: number[];
    leadStatuses: number[];
  }
  interface Investor {
    user: (refs: Refs) => Value[];
    profile: (userId: number, refs: Refs) => Value[];
    /** the signed statement behind the profile's category, if any */
    categorisation: (userId: number, refs: Refs) => Value[] | null;
    createdAt: number;
    email: string;
  }
  const investors: Investor[] = [];
  const statusCounts = new Map<string, number>();
  const count = (key: string) => statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
  for (let i = 0; i < settings.rows; i++) {
    const { name, email } = person(false);
    const { first, last } = splitName(name);
    const created = start + Math.sqrt(random.next()) * SPAN_MS;
    const createdAt = new Date(created);
    // Staff add about one in twenty (an invitation, no password yet until they accept).
    const invited = random.chance(0.05);
    const deactivated = random.chance(0.03) ? new Date(between(random, created, now)) : null;
    const verified =
      !invited && random.chance(0.85) ? new Date(between(random, created, created + DAY_MS)) : null;
    const lastLogin = invited || random.chance(0.2) ? null : new Date(between(random, created, now));
    // About 60% of all investors hold a category: most of the verified ones.
    const categorised = verified !== null && random.chance(0.7);
    const category = categorised ? weighted(random, CATEGORIES) : null;
    // Signed within the last year: a category on a profile is a current one (an expired one is cleared).
    const signed = categorised ? between(random, Math.max(created, now - YEAR_MS + DAY_MS), now) : null;
    const state = !verified ? 'registered' : categorised ? weighted(random, CATEGORISED_STATES) : 'verified';
    const screened = state === 'complete' ? 'passed' : state === 'documents' ? 'pending' : 'not_started';
    const owned = random.chance(0.85);
    // The first owner, a senior relationship manager, looks after a few more than the others.
    const ownerIndex = owned
      ? random.chance(0.012)
        ? 0
        : Math.floor(random.next() * OWNER_ROLES.length)
      : -1;
    const adviserIndex = random.chance(0.12) ? Math.floor(random.next() * ADVISERS) : -1;
    const leadIndex = random.chance(0.05) ? -1 : BENCH_LEAD_STATUSES.indexOf(weightedStatus(random));
    const city = random.pick(CITIES);
    const updated = Math.max(created, lastLogin?.getTime() ?? 0, deactivated?.getTime() ?? 0, signed ?? 0);
    count(state);
    if (deactivated) count('deactivated');
    if (invited) count('invited');
    if (category) count('with a category');
    const ref = (ids: number[], index: number) => {
      const value = ids[index];
      if (value === undefined) throw new Error(`no id at ${index}`);
      return value;
    };
    investors.push({
      createdAt: created,
      email,
      user: (refs) => [
        name,
        email,
        invited ? null : passwordHash,
        INVESTOR,
        verified,
        verified ? (random.chance(0.6) ? 2 : 1) : 0,
        categorised && random.chance(0.8) ? 1 : 0,
        lastLogin,
        invited ? createdAt : null,
        invited ? ref(refs.staff, 1 + Math.max(0, ownerIndex)) : null,
        deactivated,
        createdAt,
        new Date(updated),
      ],
      profile: (userId, refs) => [
        userId,
        random.chance(0.7) ? random.pick(['Mr', 'Ms', 'Mrs', 'Dr', 'Miss']) : null,
        first,
        last,
        random.chance(0.8) ? `+44 7${digits(random, 3)} ${digits(random, 6)}` : null,
        random.chance(0.75) ? city : null,
        random.chance(0.6)
          ? `${random.pick(['SW', 'EC', 'M', 'B', 'LS', 'BS', 'EH', 'G'])}${1 + Math.floor(random.next() * 20)} ${digits(random, 1)}AB`
          : null,
        random.chance(0.9)
          ? 'United Kingdom'
          : random.pick(['Ireland', 'France', 'Germany', 'Netherlands', 'United States']),
        weighted(random, CLIENT_TYPES),
        leadIndex >= 0 ? ref(refs.leadStatuses, leadIndex) : null,
        // staff: the bench admin first, then the owners, then the advisers.
        ownerIndex >= 0 ? ref(refs.staff, 1 + ownerIndex) : null,
        adviserIndex >= 0 ? ref(refs.staff, 1 + OWNER_ROLES.length + adviserIndex) : null,
        weighted(random, SOURCES),
        screened,
        screened === 'not_started' ? null : new Date(between(random, created, now)),
        category,
        signed !== null ? new Date(signed + YEAR_MS) : null,
        state,
        createdAt,
        new Date(updated),
      ],
      categorisation: (userId, refs) => {
        if (category === null || signed === null) return null;
        const statement = findCategorisationStatement(category);
        if (!statement) throw new Error(`no statement for ${category}`);
        const signedAt = new Date(signed);
        // Approval is on: a reviewer approved it within a few days.
        const reviewed = new Date(Math.min(now, signed + between(random, 0.1, 3) * DAY_MS));
        return [
          userId,
          category,
          statement.version,
          statement.text,
          JSON.stringify(DEMO_CATEGORISATION_ANSWERS[category]),
          signedAt,
          new Date(signed + YEAR_MS),
          'approved',
          userId,
          ref(refs.staff, 0),
          reviewed,
          signedAt,
        ];
      },
    });
  }
  // Ids follow sign-up order, as they would in production.
  investors.sort((a, b) => a.createdAt - b.createdAt);

  const organisations: Value[][] = [];
  const usedNames = new Set<string>();
  while (organisations.length < settings.organisations) {
    const { name: founder } = person(false);
    const surname = splitName(founder).last;
    const type = weighted(random, ORGANISATION_TYPES);
    const base = `${surname} ${random.pick(ORGANISATION_WORDS)}${type === 'company' ? ' Ltd' : type === 'partnership' ? ' LLP' : ''}`;
    const name = usedNames.has(base) ? `${base} ${organisations.length}` : base;
    usedNames.add(name);
    const created = new Date(between(random, start, now));
    organisations.push([
      name,
      type,
      type === 'company' || type === 'partnership' ? digits(random, 8) : null,
      random.chance(0.6) ? `info@${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example` : null,
      random.pick(CITIES),
      'United Kingdom',
      created,
      created,
    ]);
  }
  const generated = performance.now();

  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    const staff = (
      await insertBatches(client, 'users', USER_COLUMNS, staffRows, settings.batchSize, 'id')
    ).map((row) => Number(row.id));
    const leadStatuses = (
      await insertBatches(
        client,
        'lead_statuses',
        [
          ['name', 'text'],
          ['colour', 'text'],
          ['position', 'integer'],
          ['is_default', 'boolean'],
        ],
        BENCH_LEAD_STATUSES.map(([name, colour], index) => [name, colour, index, index === 0]),
        settings.batchSize,
        'id',
      )
    ).map((row) => Number(row.id));
    const refs: Refs = { staff, leadStatuses };
    const userIds: number[] = [];
    for (let offset = 0; offset < investors.length; offset += settings.batchSize) {
      const batch = investors.slice(offset, offset + settings.batchSize);
      const returned = await insertBatches(
        client,
        'users',
        USER_COLUMNS,
        batch.map((investor) => investor.user(refs)),
        settings.batchSize,
        'id, email',
      );
      const byEmail = new Map(returned.map((row) => [String(row.email), Number(row.id)]));
      for (const investor of batch) {
        const id = byEmail.get(investor.email);
        if (id === undefined) throw new Error('an inserted investor came back without an id');
        userIds.push(id);
      }
      await insertBatches(
        client,
        'investor_profiles',
        PROFILE_COLUMNS,
        batch.map((investor, index) => investor.profile(userIds[offset + index] ?? 0, refs)),
        settings.batchSize,
      );
      await insertBatches(
        client,
        'categorisations',
        CATEGORISATION_COLUMNS,
        batch.flatMap((investor, index) => {
          const row = investor.categorisation(userIds[offset + index] ?? 0, refs);
          return row ? [row] : [];
        }),
        settings.batchSize,
      );
    }
    const organisationIds = (
      await insertBatches(
        client,
        'organisations',
        [
          ['name', 'text'],
          ['type', 'text'],
          ['registration_number', 'text'],
          ['email', 'text'],
          ['city', 'text'],
          ['country', 'text'],
          ['created_at', 'timestamptz'],
          ['updated_at', 'timestamptz'],
        ],
        organisations,
        settings.batchSize,
        'id',
      )
    ).map((row) => Number(row.id));

    // About 15% of investors belong to an organisation, a few to two; a few large ones (angel networks,
    // family offices) hold many members, most hold a handful.
    const links: Value[][] = [];
    for (const [index, userId] of userIds.entries()) {
      if (!random.chance(0.15)) continue;
      const memberships = random.chance(0.1) ? 2 : 1;
      const chosen = new Set<number>();
      while (chosen.size < memberships) {
        const skewed = Math.floor(random.next() ** 2 * organisationIds.length);
        const id = organisationIds[skewed];
        if (id !== undefined) chosen.add(id);
      }
      const joined = new Date(Math.max(investors[index]?.createdAt ?? start, start));
      for (const organisationId of chosen)
        links.push([organisationId, userId, weighted(random, ORGANISATION_ROLES), joined]);
    }
    await insertBatches(
      client,
      'organisation_links',
      [
        ['organisation_id', 'bigint'],
        ['user_id', 'bigint'],
        ['role', 'text'],
        ['created_at', 'timestamptz'],
      ],
      links,
      settings.batchSize,
    );
    const inserted = performance.now();
    // ANALYZE for the planner's statistics; VACUUM sets the visibility map and hint bits, as autovacuum
    // would have long since done on production tables, and keeps autovacuum out of the measured runs.
    await client.query('vacuum (analyze)');
    await client.query('checkpoint');
    const analyzed = performance.now();

    const share = (key: string) => `${Math.round(((statusCounts.get(key) ?? 0) / settings.rows) * 100)}%`;
    const linkedUsers = new Set(links.map((link) => link[1])).size;
    return {
      hashMs: hashed - started,
      generateMs: generated - hashed,
      insertMs: inserted - generated,
      analyzeMs: analyzed - inserted,
      totalMs: analyzed - started,
      investors: settings.rows,
      staff: staffRows.length,
      organisations: organisationIds.length,
      links: links.length,
      summary: `${settings.rows.toLocaleString('en-US')} investors (role 5), each with an investor_profiles row, created over the last 3 years (more of them recently); ${staffRows.length} staff (the Super Admin the bench signs in as, ${OWNER_ROLES.length} owners and ${ADVISERS} advisers); ${BENCH_LEAD_STATUSES.length} lead statuses (5% of investors have none); client types soletrader 60%, business 25%, organisation 10%, none 5%; a category on ${share('with a category')} (restricted, high net worth, sophisticated, self-certified, professional), each with its signed and approved statement in categorisations (signed within the last year, expiring 12 months after signing); onboarding registered ${share('registered')}, verified ${share('verified')}, categorised ${share('categorised')}, documents ${share('documents')}, complete ${share('complete')}; 85% owned by one of the ${OWNER_ROLES.length} owners, 12% with an adviser; ${share('invited')} invited (no password yet), ${share('deactivated')} deactivated; ${organisationIds.length.toLocaleString('en-US')} organisations with ${links.length.toLocaleString('en-US')} organisation links over ${linkedUsers.toLocaleString('en-US')} investors (${Math.round((linkedUsers / settings.rows) * 100)}%)`,
    };
  } finally {
    await client.end();
  }
}

function weightedStatus(random: Random) {
  const name = weighted(
    random,
    BENCH_LEAD_STATUSES.map(([status, , weight]) => [status, weight] as const),
  );
  const found = BENCH_LEAD_STATUSES.find(([status]) => status === name);
  if (!found) throw new Error(`unknown lead status ${name}`);
  return found;
}
