import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { IMPORT_MAX_ROWS } from '@portico/contracts';
import { hashPassword } from '../../apps/server/src/platform/auth/passwords';
import { XLSX_TYPE, xlsxOf, type SheetCell } from '../../apps/server/src/test/spreadsheets';
import { dropDatabase, recreateDatabase } from '../lib/dataset';
import { serverVersion } from '../lib/explain';
import { seconds, writeSection } from '../lib/report';
import { signIn, startServer, type SignedIn } from '../lib/server';
import { int, loadSettings, splitDatabaseUrl } from '../lib/settings';
import { percentile, round, Samples } from '../lib/stats';

const SECTION_ID = 'import-health';
/** What issue 17 measured before the file was read on a worker thread. */
const BEFORE =
  '11 s (and a 60,000-row workbook, 1.8 MB, for over 7 minutes): every request, /health included, waited for the whole upload (issue 17)';
/** A workbook six times too long: refused at its first row over the limit. */
const TOO_LONG_ROWS = 60_000;
/** A probe waits this long after each answer, so probing is steady but light. */
const PROBE_GAP_MS = 5;

type Log = (message: string) => void;

function importSettings() {
  return {
    ...loadSettings(),
    databaseUrl:
      process.env.BENCH_IMPORTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portico_bench_imports',
    port: int('BENCH_PORT', 3931),
    rows: int('BENCH_IMPORT_ROWS', IMPORT_MAX_ROWS),
    /** seconds of /health probes on the idle server first, for comparison */
    idleSeconds: int('BENCH_IMPORT_IDLE_SECONDS', 5),
  };
}

/** The largest allowed import: a heading and `rows` investors, as a workbook Excel would write. */
function workbook(rows: number): Promise<Buffer> {
  return xlsxOf(investorRows(rows));
}

function* investorRows(rows: number): Generator<SheetCell[]> {
  yield ['First name', 'Last name', 'Email', 'Phone', 'City'];
  for (let index = 1; index <= rows; index += 1)
    yield [
      `Bench${index}`,
      `Importer${index}`,
      `bench-import-${index}@portico.test`,
      `+44 7700 9${String(index).padStart(5, '0')}`,
      'London',
    ];
}

async function createAdmin({ databaseUrl, adminEmail, adminPassword }: ReturnType<typeof loadSettings>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version, created_at, updated_at)
       values ('Bench Importer', $1, $2, 1, now(), 1000, now(), now())`,
      [adminEmail, await hashPassword(adminPassword)],
    );
  } finally {
    await client.end();
  }
}

/** /health, one request after another, until stopped: every answer's time in ms. */
function probeHealth(baseUrl: string) {
  const samples = new Samples();
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const began = performance.now();
      const ok = await fetch(`${baseUrl}/health`).then(
        async (response) => (await response.text(), response.ok),
        () => false,
      );
      samples.push(performance.now() - began);
      if (!ok) failures += 1;
      await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const sorted = samples.sorted();
      return {
        count: sorted.length,
        failures,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        max: sorted.at(-1) ?? Number.NaN,
      };
    },
  };
}

type Probe = Awaited<ReturnType<ReturnType<typeof probeHealth>['stop']>>;

interface Phase {
  label: string;
  ms: number;
  health: Probe;
  outcome: string;
}

function client(baseUrl: string, session: SignedIn) {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(session.cookieHeader)?.[1] ?? '';
  const headers = {
    accept: 'application/json',
    cookie: session.cookieHeader,
    'x-xsrf-token': decodeURIComponent(xsrf),
  };
  return async (method: string, path: string, body?: FormData | object, status = 200) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers:
        body instanceof FormData || !body ? headers : { ...headers, 'content-type': 'application/json' },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const expected = status === 200 ? response.ok : response.status === status;
    if (!expected) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as { data: Record<string, unknown>; errors?: Record<string, string[]> };
  };
}

/** Runs `work` while /health is probed: how long it took, and how /health answered meanwhile. */
async function phase(label: string, baseUrl: string, work: () => Promise<string>): Promise<Phase> {
  const probe = probeHealth(baseUrl);
  const began = performance.now();
  const outcome = await work();
  const ms = performance.now() - began;
  return { label, ms, outcome, health: await probe.stop() };
}

const ms = (value: number) => `${round(value, 1)}`;

function table(phases: Phase[]) {
  return [
    '| phase | took | outcome | /health answers | /health p50 ms | /health p99 ms | /health max ms | failed |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
    ...phases.map(
      (p) =>
        `| ${p.label} | ${seconds(p.ms)} | ${p.outcome} | ${p.health.count.toLocaleString('en-US')} | ${ms(p.health.p50)} | ${ms(p.health.p99)} | ${ms(p.health.max)} | ${p.health.failures} |`,
    ),
  ].join('\n');
}

/**
 * The largest allowed import (a 10,000-row XLSX) through the real server on PostgreSQL, while /health
 * is asked again and again: its latency during the upload (the file read on a worker thread), the
 * preview (every row checked, in slices) and the run (every row written).
 */
export async function runImportHealthBench(log: Log, command = 'npm run bench -- imports') {
  const settings = importSettings();
  const { name } = splitDatabaseUrl(settings.databaseUrl);
  log(`recreating database ${name} and applying migrations`);
  await recreateDatabase(settings.databaseUrl);
  await createAdmin(settings);
  log(`writing a ${settings.rows.toLocaleString('en-US')}-row workbook`);
  const file = await workbook(settings.rows);
  const tooLong = await workbook(TOO_LONG_ROWS);
  const server = await startServer(settings);
  const phases: Phase[] = [];
  let postgres: string;
  try {
    postgres = await serverVersion(settings.databaseUrl);
    const session = await signIn(server.baseUrl, settings.adminEmail, settings.adminPassword);
    const call = client(server.baseUrl, session);
    const idle = performance.now() + settings.idleSeconds * 1000;
    phases.push(
      await phase('idle server', server.baseUrl, async () => {
        while (performance.now() < idle) await new Promise((resolve) => setTimeout(resolve, 100));
        return 'nothing else running';
      }),
    );
    const formOf = (body: Buffer) => {
      const form = new FormData();
      form.append('kind', 'investors');
      form.append('file', new Blob([body], { type: XLSX_TYPE }), 'investors.xlsx');
      return form;
    };
    phases.push(
      await phase(
        `upload of ${TOO_LONG_ROWS.toLocaleString('en-US')} rows (${(tooLong.length / 2 ** 20).toFixed(2)} MB)`,
        server.baseUrl,
        async () => {
          const { errors } = await call('POST', '/api/imports', formOf(tooLong), 422);
          return `422: ${errors?.file?.[0] ?? 'no message'}`;
        },
      ),
    );
    let id = 0;
    phases.push(
      await phase('upload (file read on a worker thread)', server.baseUrl, async () => {
        const { data } = await call('POST', '/api/imports', formOf(file));
        id = Number(data.id);
        return `201, ${String(data.total_rows)} rows`;
      }),
    );
    log(`uploaded as import ${id}`);
    phases.push(
      await phase('preview (file read again, every row checked)', server.baseUrl, async () => {
        const { data } = await call('GET', `/api/imports/${id}/preview`);
        return `200, ${String(data.valid_rows)} valid`;
      }),
    );
    phases.push(
      await phase('run (every row written, one transaction each)', server.baseUrl, async () => {
        await call('POST', `/api/imports/${id}/run`, { send_invitations: false });
        for (;;) {
          const { data } = await call('GET', `/api/imports/${id}`);
          if (data.status !== 'running')
            return `${String(data.status)}, ${String(data.created_count)} created`;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }),
    );
  } finally {
    await server.stop();
    // The imported investors are worth nothing once measured.
    await dropDatabase(settings.databaseUrl);
  }
  for (const p of phases)
    log(`${p.label}: ${seconds(p.ms)}, /health p99 ${ms(p.health.p99)} ms, max ${ms(p.health.max)} ms`);

  const section = [
    `<!-- bench:${SECTION_ID}:start -->`,
    '<!-- Written by bench/run.ts; edits between these markers are replaced on the next run. -->',
    '',
    '## /health during the largest allowed import',
    '',
    `- Date: ${new Date().toISOString().slice(0, 10)}`,
    `- Command: \`${command}\``,
    `- Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} at the end; PostgreSQL ${postgres}; Node ${process.version}`,
    `- Dataset: one ${settings.rows.toLocaleString('en-US')}-row XLSX workbook (${(file.length / 2 ** 20).toFixed(2)} MB: first name, last name, email, phone, city), written by exceljs`,
    '',
    `The real server (\`npx tsx apps/server/src/main.ts\`, NODE_ENV=production, LOG_LEVEL=warn) on PostgreSQL. One client asks \`GET /health\` again and again (${PROBE_GAP_MS} ms after each answer) while a super admin uploads the workbook, previews it and runs it; latencies are nearest-rank percentiles of every answer in the phase. Before this change the upload alone held every request for ${BEFORE}; the file is now read on a worker thread (apps/server/src/platform/workers), streaming and linear in its rows, and the preview checks its rows in slices of 100 between turns of the event loop.`,
    '',
    table(phases),
    '',
    `<!-- bench:${SECTION_ID}:end -->`,
  ].join('\n');
  await writeSection(settings.reportFile, SECTION_ID, section);
  log(`wrote section ${SECTION_ID} of ${settings.reportFile}`);
}
