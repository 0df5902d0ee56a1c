import pg from 'pg';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo';
import { cookiesOf } from './server';

/** One browser: its cookies, kept from every answer as a browser keeps them. */
class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly tally: Tally,
  ) {}

  /** One request; answers the status and the JSON body (or null), counted under `label`. */
  async send(label: string, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      // As a browser asks: the server answers larger JSON in brotli.
      'accept-encoding': 'gzip, deflate, br',
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf !== undefined) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const [name, value] of cookiesOf(response)) this.cookies.set(name, value);
    const text = await response.text();
    this.tally.count(label, response.status);
    let json: unknown = null;
    if (text !== '' && (response.headers.get('content-type') ?? '').includes('json'))
      json = JSON.parse(text) as unknown;
    return { status: response.status, json };
  }

  async signIn(email: string) {
    await this.send('GET /sanctum/csrf-cookie', 'GET', '/sanctum/csrf-cookie');
    const login = await this.send('POST /login', 'POST', '/login', { email, password: DEMO_PASSWORD });
    if (login.status !== 204) throw new Error(`POST /login as ${email} answered ${login.status}`);
  }

  async signOut() {
    await this.send('POST /logout', 'POST', '/logout', {});
  }
}

/** Answers by action and status. */
export class Tally {
  readonly byAction = new Map<string, Map<number, number>>();
  total = 0;

  count(label: string, status: number) {
    const statuses = this.byAction.get(label) ?? new Map<number, number>();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.byAction.set(label, statuses);
    this.total++;
  }
}

/** The demo data the mix draws from (the server seeds it on an empty database: SEED_DEMO=1). */
export interface SoakData {
  investorEmails: string[];
  investorIds: number[];
  opportunityIds: number[];
  contactIds: number[];
  /** a live opportunity the demo's ready investors may reserve in, and the smallest whole-share amount */
  reservation: { opportunityId: number; amount: string };
}

/** Staff of five roles that read the CRM (the Investment Manager and Fund Manager meet some 403s). */
export const SOAK_STAFF = [
  'admin@portico.test',
  'support@portico.test',
  'committee@portico.test',
  'fundmanager@portico.test',
  'manager@portico.test',
] as const;
/** The demo investor who has passed every step before investing. */
const READY_INVESTOR = 'investor@portico.test';

export async function loadSoakData(databaseUrl: string): Promise<SoakData> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = async (sql: string) =>
      (await client.query<{ id: string }>(sql)).rows.map((r) => Number(r.id));
    const investors = await client.query<{ id: string; email: string }>(
      'select id, email from users where role_id = 5 and password is not null and deactivated_at is null order by id',
    );
    const live = await client.query<{ id: string; minimum: string; price: string }>(
      `select id, minimum_investment as minimum, share_price as price from opportunities
       where status = 2 order by maximum_amount - minimum_investment desc limit 1`,
    );
    const first = live.rows[0];
    if (!first) throw new Error('the demo data has no live opportunity to reserve in');
    const price = Number(first.price);
    return {
      investorEmails: investors.rows.map((row) => row.email),
      investorIds: investors.rows.map((row) => Number(row.id)),
      opportunityIds: await ids('select id from opportunities order by id'),
      contactIds: await ids('select id from contacts order by id'),
      reservation: {
        opportunityId: Number(first.id),
        amount: (Math.ceil(Number(first.minimum) / price) * price).toFixed(2),
      },
    };
  } finally {
    await client.end();
  }
}

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};
const letters = () => pick(['ol', 'son', 'har', 'ca', 'an', 'li', 'mo', 'jam', 'ev', 'wa', 'ton', 'ri']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A staff member's visit: lists with filters, records, their activity, a note written and sometimes removed. */
async function staffVisit(browser: Browser, data: SoakData, pause: () => Promise<void>) {
  await browser.signIn(pick(SOAK_STAFF));
  const get = async (label: string, path: string) => {
    await pause();
    return browser.send(label, 'GET', path);
  };
  await get('GET /api/user', '/api/user');
  await get('GET /api/branding', '/api/branding');
  await get('GET /api/notifications/admin/unread', '/api/notifications/admin/unread');
  await get('GET /api/stats/overview', '/api/stats/overview');
  for (let view = 0; view < 3; view++) {
    const query = new URLSearchParams({
      [pick(['filter[search]', 'filter[client_type]', 'filter[category]', 'filter[onboarding_state]'])]: pick(
        [letters(), 'soletrader', 'business', 'restricted', 'high_net_worth', 'verified'],
      ),
      sort: pick(['name', '-created_at', 'email', '-last_login_at', 'category']),
      page: String(1 + Math.floor(Math.random() * 3)),
      per_page: pick(['10', '25', '50']),
    });
    await get('GET /api/investors?…', `/api/investors?${query.toString()}`);
    const id = pick(data.investorIds);
    await get('GET /api/investors/{id}', `/api/investors/${id}`);
    await get('GET /api/investors/{id}/activity', `/api/investors/${id}/activity`);
    await get('GET /api/investors/{id}/notes', `/api/investors/${id}/notes`);
  }
  const status = pick(['1', '2', '3', '4', '5']);
  await get('GET /api/opportunities?…', `/api/opportunities?filter[status]=${status}&sort=-closing_date`);
  await get('GET /api/opportunities/{id}', `/api/opportunities/${pick(data.opportunityIds)}`);
  await get('GET /api/contacts?…', `/api/contacts?filter[search]=${letters()}&sort=name`);
  await get('GET /api/contacts/{id}', `/api/contacts/${pick(data.contactIds)}`);
  await get('GET /api/search?q=…', `/api/search?q=${letters()}`);
  await get('GET /api/tasks', '/api/tasks?sort=due_at');
  await pause();
  const subject = pick(data.investorIds);
  const note = await browser.send(
    'POST /api/investors/{id}/notes',
    'POST',
    `/api/investors/${subject}/notes`,
    {
      body: `Soak note ${new Date().toISOString()}: called about the next round.`,
    },
  );
  const noteId = (note.json as { data?: { id?: number } } | null)?.data?.id;
  if (noteId !== undefined && Math.random() < 0.5) {
    await pause();
    await browser.send(
      'DELETE /api/investors/{id}/notes/{noteId}',
      'DELETE',
      `/api/investors/${subject}/notes/${noteId}`,
    );
  }
  await browser.signOut();
}

/** An investor's visit: their pages, notifications, and for a ready investor a reservation withdrawn. */
async function investorVisit(browser: Browser, data: SoakData, pause: () => Promise<void>) {
  // One visit in four is the demo investor who may invest; the rest spread over every investor.
  const email = Math.random() < 0.25 ? READY_INVESTOR : pick(data.investorEmails);
  await browser.signIn(email);
  const get = async (label: string, path: string) => {
    await pause();
    return browser.send(label, 'GET', path);
  };
  await get('GET /api/user', '/api/user');
  await get('GET /api/branding', '/api/branding');
  await get('GET /api/profile', '/api/profile');
  await get('GET /api/profile/onboarding', '/api/profile/onboarding');
  await get('GET /api/notifications/user/unread', '/api/notifications/user/unread');
  await get('GET /api/notifications/user', '/api/notifications/user?page=1');
  const list = await get(
    'GET /api/opportunities?…',
    `/api/opportunities?sort=${pick(['closing_date', '-created_at', 'name'])}`,
  );
  // The investor opens one of the opportunities their list shows.
  const shown = (list.json as { data?: Array<{ id: number }> } | null)?.data ?? [];
  const opportunity = shown.length > 0 ? pick(shown).id : data.reservation.opportunityId;
  await get('GET /api/opportunities/{id}', `/api/opportunities/${opportunity}`);
  await get('GET /api/profile/investing/{id}', `/api/profile/investing/${opportunity}`);
  await get('GET /api/portfolio', '/api/portfolio');
  await get('GET /api/portfolio/history', '/api/portfolio/history');
  await get('GET /api/profile/investments', '/api/profile/investments');
  await get('GET /api/profile/documents', '/api/profile/documents');
  if (email === READY_INVESTOR) {
    await pause();
    const { opportunityId, amount } = data.reservation;
    const reserved = await browser.send('POST /api/investments', 'POST', '/api/investments', {
      opportunity_id: opportunityId,
      amount,
      terms_accepted: true,
      holding: { type: 'self' },
    });
    const id = (reserved.json as { data?: { id?: number } } | null)?.data?.id;
    if (id !== undefined) {
      await pause();
      await browser.send(
        'POST /api/profile/investments/{id}/cancel',
        'POST',
        `/api/profile/investments/${id}/cancel`,
        {},
      );
    }
  }
  await browser.signOut();
}

export interface MixOptions {
  baseUrl: string;
  data: SoakData;
  /** concurrent visitors; even ones are staff, odd ones investors */
  visitors: number;
  /** a visitor's pause between two requests, at most (a uniform draw from 0) */
  thinkMs: number;
  until: number;
  tally: Tally;
  onError: (error: unknown) => void;
}

/** Visitors, each signing in, browsing and signing out again and again, until the deadline. */
export async function runMix(options: MixOptions) {
  const pause = async () => {
    await sleep(Math.random() * options.thinkMs);
  };
  await Promise.all(
    Array.from({ length: options.visitors }, async (_, index) => {
      while (Date.now() < options.until) {
        const browser = new Browser(options.baseUrl, options.tally);
        const visit = index % 2 === 0 ? staffVisit : investorVisit;
        await visit(browser, options.data, pause).catch(options.onError);
      }
    }),
  );
}
