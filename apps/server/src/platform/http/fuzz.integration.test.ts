import { readFileSync } from 'node:fs';
import { FEATURE_FLAGS, isFeatureAvailable, ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calls,
  categorisations,
  contacts,
  documents,
  imports,
  investmentMethodEntities,
  investmentMethods,
  investorProfiles,
  leadStatuses,
  mailOutbox,
  nomineeClients,
  nominees,
  notes,
  notifications,
  onboardingDocuments,
  onboardingRequirements,
  organisationApplications,
  organisationLinks,
  organisations,
  signatureRequests,
  tasks,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, PNG_1PX } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

/**
 * Every operation of docs/openapi.json, sent wrong types, huge and odd strings, nulls, nesting, overflow
 * numbers, injection strings and prototype keys, with existing and odd path ids: no answer may be a 5xx.
 * Deterministic (a seeded generator picks the varying payloads) and lean: a few dozen requests an
 * operation. Every failure is collected and reported together, with the server's logged error.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: 'path' | 'query'; name: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const openapi = JSON.parse(
  readFileSync(new URL('../../../../../docs/openapi.json', import.meta.url), 'utf8'),
) as Document;

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0)
      chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
    return chosen;
  };
  return { next, pick, sample };
}

/** Strings that have broken servers: huge, unicode of every awkward kind, injections, traversal. */
const NASTY_STRINGS = [
  'x'.repeat(100_000),
  '😀'.repeat(2_000),
  '\u202eRTL override \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627',
  'e\u0301\u0301\u0301\u0301 Z\u0351\u0352\u0353\u0354\u0355 combining',
  'bad \ud800 text',
  // one string for every injection: SQL, HTML, path traversal, encoded NUL, templates
  "' OR 1=1-- <script>alert(1)</script> ../../etc/passwd %00 ${7*7}{{7*7}}",
  '',
  '\u0000',
  '\ufeff\u200b',
  '__proto__',
] as const;

const INJECTIONS = NASTY_STRINGS.find((text) => text.startsWith("' OR")) ?? '';

/** Values of the wrong kind for any field. */
const WRONG_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  2 ** 63,
  Number.MAX_SAFE_INTEGER + 2,
  1.5,
  [],
  [1, 'two', null],
  {},
  { nested: { deeper: { deepest: [{ a: 1 }] } } },
  ['x'.repeat(1000)],
  'bad \ud800 text',
];

/** JSON that JSON.stringify cannot write: numbers beyond a double, or beyond 64 bits. */
const RAW_NUMBERS = ['1e309', '99999999999999999999'];

const QUERIES = [
  'page=99999999999999999999',
  'page=-1&per_page=0',
  'per_page=1e309',
  'page=abc&per_page=%F0%9F%98%80',
  'sort=%27%20OR%201%3D1--',
  'sort=-__proto__,constructor',
  'filter[__proto__]=x',
  'filter[__proto__][polluted]=yes',
  'filter[constructor][prototype][polluted]=yes',
  '__proto__[polluted]=yes',
  `filter[search]=${encodeURIComponent('x'.repeat(10_000))}`,
  'filter[search]=%ED%A0%80',
  'filter[search]=%00',
  'filter[search]=%27%20OR%201%3D1--&q=%3Cscript%3E',
  'include=__proto__,constructor,..%2F..%2Fetc&fields[x]=prototype',
  'filter[id]=99999999999999999999&filter[created_at]=not-a-date&filter[lead_status_id]=-1',
  'q=%E2%80%AE%D7%A9%D7%9C%D7%95%D7%9D&q=twice',
  'filter=plain&sort[]=array&page[number]=2',
];

const ODD_IDS = [
  '0',
  '-1',
  '99999999',
  '9007199254740993',
  '99999999999999999999',
  'abc',
  '1.5',
  '1e3',
  '%F0%9F%98%80',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%20OR%201%3D1--',
  '__proto__',
  'constructor',
];

const resolve = (schema: Schema | undefined): Schema => {
  if (!schema) return {};
  if (schema.$ref)
    return resolve(openapi.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map(resolve)) as Schema;
  return schema;
};

const typesOf = (schema: Schema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** A free-text string: one the nasty strings can be put in without breaking a format or a list of values. */
function isFreeText(schema: Schema): boolean {
  const plain = resolve(schema);
  const variants = plain.anyOf ?? plain.oneOf;
  if (variants) return variants.some(isFreeText);
  return (
    typesOf(plain).includes('string') &&
    !plain.enum &&
    plain.const === undefined &&
    !plain.format &&
    !plain.pattern
  );
}

const isNumeric = (schema: Schema): boolean => {
  const plain = resolve(schema);
  const variants = plain.anyOf ?? plain.oneOf;
  if (variants) return variants.some(isNumeric);
  return typesOf(plain).some((type) => type === 'integer' || type === 'number');
};

/** The largest (or smallest) number a schema allows, or a value past any column when it sets none. */
function edgeOf(schema: Schema, edge: 'maximum' | 'minimum'): number {
  const plain = resolve(schema);
  const variants = plain.anyOf ?? plain.oneOf;
  if (variants) {
    const numeric = variants.find(isNumeric);
    return numeric ? edgeOf(numeric, edge) : 0;
  }
  if (edge === 'maximum') return plain.maximum ?? Number.MAX_SAFE_INTEGER;
  return (
    plain.minimum ??
    (plain.exclusiveMinimum === undefined ? Number.MIN_SAFE_INTEGER : plain.exclusiveMinimum + 1)
  );
}

let sequence = 0;
const PATTERN_CANDIDATES = [
  '',
  'GB',
  '#228be6',
  '+44 7700 900000',
  'abc',
  'a',
  '12-34-56',
  '12345678',
  'GB29NWBK60161331926819',
  'NWBKGB2L',
  'AB123456C',
  '1234567890',
];

/** A valid value for a schema, as best it can: the base that one field at a time is spoiled from. */
function validValue(
  schema: Schema | undefined,
  field: string,
  ids: Record<string, number>,
  depth = 0,
): unknown {
  const plain = resolve(schema);
  if (plain.const !== undefined) return plain.const;
  if (plain.enum) return plain.enum[0];
  const variants = plain.anyOf ?? plain.oneOf;
  if (variants) {
    const chosen = variants.find((variant) => !typesOf(resolve(variant)).includes('null')) ?? variants[0];
    return validValue(chosen, field, ids, depth);
  }
  const type = typesOf(plain).find((item) => item !== 'null') ?? (plain.properties ? 'object' : 'string');
  switch (type) {
    case 'string': {
      if (plain.format === 'email' || field.includes('email')) return `fuzz${(sequence += 1)}@example.test`;
      if (plain.format === 'date') return '1980-05-17';
      if (plain.format === 'date-time') return '2030-01-02T03:04:05.000Z';
      if (plain.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (plain.format === 'uri' || field.includes('url') || field === 'website')
        return 'https://example.test/';
      if (plain.pattern) {
        const pattern = new RegExp(plain.pattern);
        const fits = PATTERN_CANDIDATES.find(
          (candidate) => pattern.test(candidate) && candidate.length >= (plain.minLength ?? 0),
        );
        if (fits !== undefined) return fits;
      }
      if (field.includes('password')) return 'Correct-horse-battery-9';
      return `Fuzz ${field} ${(sequence += 1)}`.slice(
        0,
        Math.max(plain.maxLength ?? 40, plain.minLength ?? 1),
      );
    }
    case 'integer':
    case 'number': {
      const id = ids[field];
      if (id !== undefined) return id;
      const low = plain.minimum ?? (plain.exclusiveMinimum === undefined ? 1 : plain.exclusiveMinimum + 1);
      return Math.min(Math.max(low, 1), plain.maximum ?? 1);
    }
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 || !plain.minItems
        ? []
        : Array.from({ length: plain.minItems }, () => validValue(plain.items, field, ids, depth + 1));
    case 'object': {
      if (depth > 4) return {};
      return Object.fromEntries(
        Object.entries(plain.properties ?? {}).map(([key, value]) => [
          key,
          validValue(value, key, ids, depth + 1),
        ]),
      );
    }
    default:
      return null;
  }
}

type Payload = {
  body?: string | Buffer;
  contentType?: string;
  query?: string;
  path: string;
  note: string;
};

/** Operations that also take multipart/form-data with files. */
const TAKES_FILES = /\/(documents|onboarding-documents|signature-requests|imports|branding(\/\{id\})?)$/;
const FILE_FIELDS = ['file', 'files', 'logo', 'logoLight', 'favicon'];

/** Uploads with odd names and contents: traversal, very long and unicode names, empty and broken files. */
function uploadsFor(operation: Operation, ids: Record<string, number>) {
  const schema = resolve(operation.requestBody?.content['application/json']?.schema);
  const base = validValue(schema, 'body', ids) as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(base)
      .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
      .map(([key, value]) => [key, String(value)]),
  );
  const texts = Object.fromEntries(Object.keys(fields).map((key) => [key, INJECTIONS]));
  const csv = Buffer.from("first_name,last_name,email\n=cmd|' /C calc'!A0,😀\u202e,bad@@x\n,,\n");
  const files = [
    { name: '../../etc/passwd', type: 'image/png', body: PNG_1PX },
    { name: `${'x'.repeat(3000)}.csv`, type: 'text/csv', body: csv },
    { name: 'résumé 😀\u202efdp.pdf', type: 'application/pdf', body: Buffer.from('%PDF-1.4\n%%EOF') },
    { name: 'empty.pdf', type: 'application/pdf', body: Buffer.alloc(0) },
  ];
  return files.map((file, index) => {
    const { payload, headers } = multipartBody(
      index === 2 ? { ...fields, ...texts } : fields,
      Object.fromEntries(FILE_FIELDS.map((name) => [name, file])),
    );
    return { body: payload, contentType: headers['content-type'], note: `upload ${file.name.slice(0, 40)}` };
  });
}

/** The bodies an operation is sent: valid, then spoiled in every way, some picked by the generator. */
function bodiesFor(operation: Operation, ids: Record<string, number>, random: ReturnType<typeof seeded>) {
  const schema = resolve(operation.requestBody?.content['application/json']?.schema);
  const properties = schema.properties ?? {};
  const fields = Object.keys(properties);
  const base = () => validValue(schema, 'body', ids) as Record<string, unknown>;
  const bodies: Array<{ body: string; note: string }> = [];
  const add = (value: unknown, note: string) => bodies.push({ body: JSON.stringify(value), note });
  add(base(), 'valid');
  const texts = fields.filter((field) => isFreeText(properties[field] ?? {}));
  if (texts.length > 0)
    for (const text of NASTY_STRINGS)
      add(
        { ...base(), ...Object.fromEntries(texts.map((field) => [field, text])) },
        'nasty text in every text field',
      );
  const numbers = fields.filter((field) => isNumeric(properties[field] ?? {}));
  for (const raw of numbers.length > 0 ? RAW_NUMBERS : RAW_NUMBERS.slice(0, 1)) {
    const json = JSON.stringify(base());
    const spoiled = numbers.reduce(
      (text, field) => text.replace(new RegExp(`("${field}":)(-?\\d+(\\.\\d+)?)`), `$1${raw}`),
      json,
    );
    bodies.push({ body: numbers.length > 0 ? spoiled : `{"n": ${raw}}`, note: `number ${raw}` });
  }
  // Each number at the edge its schema allows: a column narrower than the schema overflows there.
  if (numbers.length > 0)
    for (const edge of ['maximum', 'minimum'] as const)
      add(
        {
          ...base(),
          ...Object.fromEntries(numbers.map((field) => [field, edgeOf(properties[field] ?? {}, edge)])),
        },
        `numbers at their ${edge}`,
      );
  for (const whole of ['null', JSON.stringify([base()])]) bodies.push({ body: whole, note: 'wrong body' });
  for (const field of random.sample(fields, 1))
    add({ ...base(), [field]: random.pick(WRONG_VALUES) }, `wrong type for ${field}`);
  add(
    { ...base(), ...Object.fromEntries(fields.map((field) => [field, random.pick(WRONG_VALUES)])) },
    'every field wrong',
  );
  bodies.push({
    body: `{"__proto__": {"polluted": "yes", "user": "index"}, "constructor": {"prototype": {"polluted": "yes"}}, ${JSON.stringify(base()).slice(1)}`,
    note: 'prototype keys',
  });
  add(
    { prototype: { polluted: 'yes' }, constructor: 'x', toString: 'x', hasOwnProperty: 1 },
    'only prototype keys',
  );
  return bodies;
}

type Failure = { method: string; url: string; status: number; note: string; payload: string; error?: string };

const SUBJECT_PATHS = {
  investors: 'investor',
  contacts: 'contact',
  organisations: 'organisation',
  'investment-methods': 'investment_method',
  nominees: 'nominee',
} as const;

let t: TestApp;
let admin: Agent;
let investorAgent: Agent;
let adminUser: UserRow;
const logged = new Map<string, string>();
/** path parameter → an existing id, by the collection that precedes it */
const existing = new Map<string, string>();
/** body field → an existing id, for the valid base bodies */
const bodyIds: Record<string, number> = {};

async function seedRecords() {
  const { db, storage } = t.ctx;
  await storage.put('fuzz/file.png', PNG_1PX, 'image/png');
  await storage.put(
    'imports/fuzz.csv',
    Buffer.from('first_name,last_name,email\nA,B,a@fuzz.test\n'),
    'text/csv',
  );
  const investor = await createUser(db);
  await db.insert(investorProfiles).values({ user_id: investor.id, first_name: 'Ivy', last_name: 'Fuzz' });
  const staff = await createStaff(db, ROLES.ADVISER);
  const [status] = await db.insert(leadStatuses).values({ name: 'Fuzzed' }).returning();
  const [contact] = await db
    .insert(contacts)
    .values({ first_name: 'Cy', last_name: 'Fuzz', name: 'Cy Fuzz' })
    .returning();
  const [organisation] = await db.insert(organisations).values({ name: 'Fuzz Ltd' }).returning();
  const [method] = await db.insert(investmentMethods).values({ name: 'Fuzz SIPP' }).returning();
  const [nominee] = await db.insert(nominees).values({ name: 'Fuzz Nominees' }).returning();
  if (!status || !contact || !organisation || !method || !nominee) throw new Error('seeding failed');
  const subjects = {
    investor: investor.id,
    contact: contact.id,
    organisation: organisation.id,
    investment_method: method.id,
    nominee: nominee.id,
  };
  for (const [segment, type] of Object.entries(SUBJECT_PATHS)) {
    const subject = { subject_type: type, subject_id: subjects[type] };
    const [document] = await db
      .insert(documents)
      .values({
        ...subject,
        name: 'f.png',
        storage_key: 'fuzz/file.png',
        content_type: 'image/png',
        size_bytes: PNG_1PX.length,
      })
      .returning();
    const [note] = await db
      .insert(notes)
      .values({ ...subject, body: 'A note' })
      .returning();
    const [call] = await db
      .insert(calls)
      .values({ ...subject, occurred_at: new Date(), outcome: 'connected' })
      .returning();
    const [task] = await db
      .insert(tasks)
      .values({ ...subject, title: 'A task', created_by: adminUser.id })
      .returning();
    existing.set(`${segment}:id`, String(subjects[type]));
    existing.set(`${segment}:documentId`, String(document?.id));
    existing.set(`${segment}:noteId`, String(note?.id));
    existing.set(`${segment}:callId`, String(call?.id));
    existing.set(`${segment}:taskId`, String(task?.id));
    if (type === 'investor') existing.set('signature:document', String(document?.id));
  }
  const [link] = await db
    .insert(organisationLinks)
    .values({ organisation_id: organisation.id, user_id: investor.id })
    .returning();
  const [client] = await db
    .insert(nomineeClients)
    .values({ nominee_id: nominee.id, user_id: investor.id })
    .returning();
  const [entity] = await db
    .insert(investmentMethodEntities)
    .values({ investment_method_id: method.id, user_id: investor.id, name: 'Ivy SIPP' })
    .returning();
  const [application] = await db
    .insert(organisationApplications)
    .values({ user_id: investor.id, proposed_name: 'Fuzz Holdings' })
    .returning();
  const [requirement] = await db.insert(onboardingRequirements).values({ name: 'Passport' }).returning();
  const [submission] = await db
    .insert(onboardingDocuments)
    .values({ user_id: investor.id, requirement_id: requirement?.id ?? 0 })
    .returning();
  const [categorisation] = await db
    .insert(categorisations)
    .values({
      user_id: investor.id,
      category: 'restricted',
      statement_version: '1',
      statement_text: 'I am a restricted investor.',
      signed_at: new Date(),
      expires_at: new Date(Date.now() + 86_400_000),
      status: 'pending',
    })
    .returning();
  const [signature] = await db
    .insert(signatureRequests)
    .values({
      user_id: investor.id,
      source_document_id: Number(existing.get('signature:document')),
      title: 'Sign me',
    })
    .returning();
  const [upload] = await db
    .insert(imports)
    .values({
      kind: 'investors',
      file_name: 'fuzz.csv',
      storage_key: 'imports/fuzz.csv',
      headers: ['first_name', 'last_name', 'email'],
      created_by: adminUser.id,
    })
    .returning();
  const [mail] = await db
    .insert(mailOutbox)
    .values({
      to_address: 'a@fuzz.test',
      subject: 'Hello',
      text_body: 'Hi',
      html_body: '<p>Hi</p>',
      status: 'stored',
    })
    .returning();
  const [notice] = await db
    .insert(notifications)
    .values({
      type: 'Fuzz',
      notifiable_type: 'App\\Models\\User',
      notifiable_id: adminUser.id,
      audience: 'admin',
      data: { message: 'Hi', cta: '/', icon: 'default' },
    })
    .returning();
  const set = (key: string, value: number | string | undefined) => existing.set(key, String(value));
  set('organisations:memberId', link?.id);
  set('nominees:clientId', client?.id);
  set('investment-method-entities:id', entity?.id);
  set('organisation-applications:id', application?.id);
  set('onboarding-requirements:id', requirement?.id);
  set('onboarding-documents:documentId', submission?.id);
  set('categorisations:categorisationId', categorisation?.id);
  set('signature-requests:requestId', signature?.id);
  set('imports:id', upload?.id);
  set('mail-outbox:id', mail?.id);
  set('mark-read:id', notice?.id);
  set('lead-statuses:id', status.id);
  set('admin-accounts:id', staff.id);
  set('users:id', investor.id);
  set('branding:id', 1);
  set('verify:id', investor.id);
  set('questionnaires:form', 'fact-find');
  set('files:folder', 'fuzz');
  set('files:name', 'file.png');
  Object.assign(bodyIds, {
    lead_status_id: status.id,
    owner_id: staff.id,
    adviser_id: staff.id,
    assignee_id: staff.id,
    user_id: investor.id,
    organisation_id: organisation.id,
    investment_method_id: method.id,
    nominee_id: nominee.id,
    contact_id: contact.id,
    requirement_id: requirement?.id ?? 1,
    role_id: ROLES.ADVISER,
  });
}

/** The existing id for a path parameter: the record of the collection named before it. */
function existingFor(path: string, name: string): string {
  const segments = path.split('/');
  const at = segments.indexOf(`{${name}}`);
  for (let index = at - 1; index >= 0; index -= 1) {
    const found = existing.get(`${segments[index]}:${name}`);
    if (found) return found;
  }
  if (name === 'hash') return 'abc';
  return existing.get(`${segments[at - 1] ?? ''}:${name}`) ?? '1';
}

type Planned = { method: string; template: string; operation: Operation };

/** Operations in an order that keeps later ones meaningful: deletes last, deepest first. */
function plan(): Planned[] {
  const all = Object.entries(openapi.paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), template, operation })),
  );
  const rank = (item: Planned) =>
    item.template.startsWith('/api/branding') || item.template === '/api/features'
      ? 2
      : item.method === 'DELETE'
        ? 3
        : 1;
  return all.sort(
    (a, b) =>
      rank(a) - rank(b) || (rank(a) === 3 ? b.template.split('/').length - a.template.split('/').length : 0),
  );
}

/** These end the session that sends them: a throwaway one does. */
const SIGNS_OUT = new Set(['POST /logout', 'GET /api/logout']);

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'error' },
    {
      logTo: {
        write: (line: string) => {
          const entry = JSON.parse(line) as { reqId?: string; err?: { message?: string; type?: string } };
          if (entry.reqId && entry.err)
            logged.set(entry.reqId, `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}`.slice(0, 300));
        },
      },
    },
  );
  // Not the first ids: an odd id such as 1 must not be the fuzzer's own account.
  for (let index = 0; index < 3; index += 1) await createUser(t.ctx.db);
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN);
  admin = await t.as(adminUser);
  investorAgent = await t.as(await createUser(t.ctx.db));
  await seedRecords();
  // Every feature that exists on, so that no operation hides behind a 404 (the others cannot be switched on).
  const flags = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag.camel, isFeatureAvailable(flag.key)]));
  const features = await admin.patch('/api/features', flags);
  if (features.statusCode !== 200) throw new Error(`could not switch features on: ${features.body}`);
}, 60_000);
afterAll(() => t.close());

describe('fuzzing every operation of docs/openapi.json', () => {
  it('never answers 5xx', { timeout: 240_000 }, async () => {
    const random = seeded(20261124);
    const failures: Failure[] = [];
    const access = new Map(
      t.app.routeRegistry.map((route) => [`${route.method} ${route.url}`, route.access.kind]),
    );
    let sent = 0;
    /** operations that did what they are for at least once: the valid bodies are good enough */
    const reached = new Set<string>();
    let current = '';
    const firstAnswer = new Map<string, string>();
    const timings: Array<[string, number]> = [];
    const started = Date.now();

    const stranger = async () => {
      const agent = t.agent();
      await agent.csrfCookie();
      return agent;
    };
    const send = async (agent: Agent, method: string, payload: Payload) => {
      const url = payload.query ? `${payload.path}?${payload.query}` : payload.path;
      const response = await agent.request({
        method: method,
        url,
        ...(payload.body === undefined
          ? {}
          : {
              payload: payload.body,
              headers: { 'content-type': payload.contentType ?? 'application/json' },
            }),
      });
      sent += 1;
      if (response.statusCode < 300) reached.add(current);
      else if (payload.note === 'valid' || payload.note === 'existing ids')
        firstAnswer.set(current, `${response.statusCode} ${response.body.slice(0, 160)}`);
      if (response.statusCode >= 500) {
        const requestId = String(response.headers['x-request-id'] ?? '');
        failures.push({
          method,
          url: url.slice(0, 200),
          status: response.statusCode,
          note: payload.note,
          payload: typeof payload.body === 'string' ? payload.body.slice(0, 200) : '[multipart]',
          error: logged.get(requestId),
        });
      }
    };

    for (const { method, template, operation } of plan()) {
      const parameters = operation.parameters ?? [];
      const pathNames = parameters.filter((item) => item.in === 'path').map((item) => item.name);
      const fill = (override?: { name: string; value: string }) =>
        template.replace(/\{(\w+)\}/g, (_, name: string) =>
          override?.name === name ? override.value : existingFor(template, name),
        );
      const path = fill();
      const routeUrl = template.replace(/\{(\w+)\}/g, ':$1');
      const kind = access.get(`${method} ${routeUrl}`);
      const key = `${method} ${template}`;
      const loggedOut = kind === 'public' || SIGNS_OUT.has(key);
      const agent = SIGNS_OUT.has(key)
        ? await t.as(await createStaff(t.ctx.db, ROLES.SUPPORT))
        : kind === 'public'
          ? await stranger()
          : kind === 'investor'
            ? investorAgent
            : admin;

      const payloads: Payload[] = [];
      if (method === 'GET' || method === 'DELETE') {
        payloads.push({ path, note: 'existing ids' });
        for (const query of random.sample(QUERIES, method === 'GET' ? 3 : 1))
          payloads.push({ path, query, note: 'odd query' });
      } else {
        for (const body of bodiesFor(operation, bodyIds, random)) payloads.push({ path, ...body });
        payloads.push({ path, query: random.pick(QUERIES), body: '{}', note: 'odd query' });
      }
      for (const name of pathNames)
        for (const value of random.sample(ODD_IDS, 2))
          payloads.push({
            path: fill({ name, value }),
            note: `odd ${name}`,
            ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
          });
      // A few operations a stranger tries too: refused, never broken.
      if (!loggedOut && random.next() < 0.15) {
        await send(await stranger(), method, {
          path,
          note: 'logged out',
          ...(method === 'GET' ? {} : { body: '{}' }),
        });
      }
      current = key;
      const opStarted = Date.now();
      if (method !== 'GET' && method !== 'DELETE' && TAKES_FILES.test(template))
        for (const upload of uploadsFor(operation, bodyIds)) payloads.push({ path, ...upload });
      for (const payload of payloads) await send(agent, method, payload);
      timings.push([`${key} ×${payloads.length}`, Date.now() - opStarted]);
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz: ${sent} requests over ${plan().length} operations in ${seconds} s; ${reached.size} operations answered 2xx at least once; ${failures.length} answers were 5xx`,
    );
    if (process.env.FUZZ_DEBUG) {
      const all = plan().map((item) => `${item.method} ${item.template}`);
      console.info(
        `never 2xx:\n${all
          .filter((key) => !reached.has(key))
          .map((key) => `${key}: ${firstAnswer.get(key) ?? ''}`)
          .join('\n')}`,
      );
      const slow = timings.sort((a, b) => b[1] - a[1]).slice(0, 15);
      console.info(`slowest:\n${slow.map(([name, ms]) => `${ms} ms ${name}`).join('\n')}`);
    }
    expect(
      failures.map(
        (failure) =>
          `${failure.status} ${failure.method} ${failure.url} [${failure.note}] ${failure.payload} → ${failure.error ?? '?'}`,
      ),
    ).toEqual([]);
    // The fuzzer is still signed in as itself, and nothing leaked onto every object.
    expect((await admin.get('/api/user')).statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
