import { defineListQuery, parseListQuery } from '@portico/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { id, reference, timestamps } from '../../db/schema/columns';
import { openTestDatabase } from '../../test/database';
import type { Actor } from '../audit/audit';
import { fieldError, HttpError } from '../http/errors';
import { exact, partial, planned } from '../list-query/drizzle';
import type { Storage } from '../storage/storage';
import { createWorkerPool } from '../workers/worker-pool';
import { toApiTimestamp } from '../time';
import { givenFields } from './changed-fields';
import { childCount, countRows, createRecordRepository } from './record-repository';
import { createRecordService } from './record-service';

/** A record type of no domain at all, in tables of this test's own. */
const gadgets = pgTable('record_test_gadgets', {
  id: id(),
  name: text('name').notNull(),
  code: text('code'),
  colour: text('colour'),
  ...timestamps(),
});
const parts = pgTable('record_test_parts', {
  id: id(),
  gadget_id: reference('gadget_id').notNull(),
  label: text('label').notNull(),
});

const gadgetsListQuery = defineListQuery({
  table: 'gadgets',
  filters: { search: 'scope', colour: 'exact' },
  sorts: ['name'],
  defaultSort: ['name'],
  includes: [],
  fields: ['id', 'name', 'code', 'colour', 'parts_count', 'created_at', 'updated_at'],
  appends: [],
});

const FIELDS = ['name', 'code', 'colour'] as const;
const actor: Actor = { userId: null, requestId: 'test-request', ip: '127.0.0.1' };
type Gadget = ReturnType<typeof present>;

function present(row: typeof gadgets.$inferSelect & { parts_count: number }) {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    colour: row.colour,
    parts_count: row.parts_count,
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}

const repository = createRecordRepository({
  table: gadgets,
  binding: {
    spec: gadgetsListQuery,
    filters: { search: partial(gadgets.name), colour: exact(gadgets.colour) },
    sorts: { name: gadgets.name },
    tiebreaker: gadgets.id,
  },
  rows: async (db, plan) => {
    const select = db
      .select({ gadget: gadgets, parts_count: childCount(parts, parts.gadget_id, gadgets) })
      .from(gadgets);
    const rows = await planned(select.$dynamic(), plan);
    return rows.map((row) => ({ ...row.gadget, parts_count: Number(row.parts_count) }));
  },
});

describe('record repository and service', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const deletedFiles: string[] = [];
  const storage: Storage = {
    engine: 'local',
    put: async () => undefined,
    get: async () => null,
    async delete(key) {
      if (key === 'stuck') throw new Error('will not delete');
      deletedFiles.push(key);
    },
  };
  let service: ReturnType<typeof createService>;
  const workers = createWorkerPool({ size: 1 });

  function createService(db: Db) {
    return createRecordService(
      { db, storage, workers },
      {
        repository,
        auditType: 'gadget',
        notFound: 'No gadget with that id.',
        present,
        insert: (input: { name: string; code?: string | null; colour?: string | null }) => ({
          ...givenFields(input, FIELDS),
          name: input.name,
        }),
        patch: (input: { name?: string; code?: string | null; colour?: string | null }) =>
          givenFields(input, FIELDS),
        export: {
          columns: [{ key: 'name', label: 'Name', default: true }],
          sheetName: 'Gadgets',
          cells: () => (gadget) => gadget.name,
        },
        rules: {
          async create(_tx, input) {
            if (input.name === 'Forbidden') throw fieldError('name', 'Not that name.');
          },
          async remove(_tx, _actor, before) {
            if (before.name === 'Linked') throw new HttpError(409, 'Still linked.', 'CONFLICT');
            return { note: 'removed by rule' };
          },
        },
        async purge(tx, gadgetId) {
          const removed = await tx.delete(parts).where(eq(parts.gadget_id, gadgetId)).returning();
          return removed.map((part) => part.label);
        },
        conflict: () => fieldError('code', 'The code has already been taken.'),
      },
    );
  }

  const auditOf = (subjectId: number) =>
    database.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(sql`${auditLog.subject_type} = 'gadget' and ${auditLog.subject_id} = ${subjectId}`)
      .orderBy(asc(auditLog.id));

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table record_test_gadgets (
      id bigint primary key generated always as identity, name text not null, code text unique, colour text,
      created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
    await database.db.execute(sql`create table record_test_parts (
      id bigint primary key generated always as identity, gadget_id bigint not null, label text not null)`);
    service = createService(database.db);
  });
  afterAll(async () => {
    await workers.close();
    await database.drop();
  });

  it('creates with an audit row of the whole record, and answers 404 with the type’s message', async () => {
    const created = await service.create(actor, { name: 'Sprocket', code: 'S1' });
    expect(created).toMatchObject({ name: 'Sprocket', code: 'S1', colour: null, parts_count: 0 });
    expect(await service.get(created.id)).toEqual(created);
    expect(await auditOf(created.id)).toEqual([{ action: 'gadget.created', before: null, after: created }]);
    await expect(service.get(created.id + 1000)).rejects.toMatchObject({
      status: 404,
      message: 'No gadget with that id.',
    });
  });

  it('refuses through a rule, and turns a unique violation into the type’s field error', async () => {
    await expect(service.create(actor, { name: 'Forbidden' })).rejects.toMatchObject({ status: 422 });
    await service.create(actor, { name: 'First', code: 'DUP' });
    await expect(service.create(actor, { name: 'Second', code: 'DUP' })).rejects.toMatchObject({
      message: 'The code has already been taken.',
    });
    const second = await service.create(actor, { name: 'Second', code: 'OTHER' });
    await expect(service.update(actor, second.id, { code: 'DUP' })).rejects.toMatchObject({
      message: 'The code has already been taken.',
    });
    expect(await countRows(database.db, gadgets, eq(gadgets.name, 'Forbidden'))).toBe(0);
  });

  it('audits only the fields an update changed, and nothing for an update that changed none', async () => {
    const gadget = await service.create(actor, { name: 'Widget', code: 'W1', colour: 'red' });
    const changed = await service.update(actor, gadget.id, { colour: 'blue', code: 'W1' });
    expect(changed.colour).toBe('blue');
    await service.update(actor, gadget.id, { name: 'Widget' });
    const audit = await auditOf(gadget.id);
    expect(audit.map((row) => row.action)).toEqual(['gadget.created', 'gadget.updated']);
    expect(audit[1]).toMatchObject({ before: { colour: 'red' }, after: { colour: 'blue' } });
  });

  it('lists a page with its total and exports every matching record', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma']) await service.create(actor, { name, colour: 'green' });
    const page = (await service.list(
      { 'filter[colour]': 'green', per_page: '2', sort: '-name' },
      'http://portico.test/api/gadgets',
    )) as { data: Gadget[]; meta: { total: number } };
    expect(page.data.map((gadget) => gadget.name)).toEqual(['Gamma', 'Beta']);
    expect(page.meta.total).toBe(3);
    const file = await service.export({ 'filter[colour]': 'green' }, 'csv', []);
    expect(file.toString('utf8')).toBe('\uFEFFName\r\nAlpha\r\nBeta\r\nGamma\r\n');
    const scoped = await repository.list(
      database.db,
      parseListQuery(gadgetsListQuery, {}),
      eq(gadgets.name, 'Beta'),
    );
    expect(scoped.total).toBe(1);
  });

  it('deletes after its rules, purges what hangs off it and removes its files once committed', async () => {
    const gadget = await service.create(actor, { name: 'Doomed' });
    await database.db.insert(parts).values([
      { gadget_id: gadget.id, label: 'file-a' },
      { gadget_id: gadget.id, label: 'stuck' },
    ]);
    expect((await service.get(gadget.id)).parts_count).toBe(2);
    await service.remove(actor, gadget.id);
    await expect(service.get(gadget.id)).rejects.toMatchObject({ status: 404 });
    expect(deletedFiles).toEqual(['file-a']);
    expect((await auditOf(gadget.id)).at(-1)).toMatchObject({
      action: 'gadget.deleted',
      // the whole record, as the created and updated rows keep it
      before: { id: gadget.id, name: 'Doomed', parts_count: 2 },
      after: { note: 'removed by rule' },
    });
  });

  it('keeps a record a rule refuses to delete, with its parts', async () => {
    const gadget = await service.create(actor, { name: 'Linked' });
    await database.db.insert(parts).values({ gadget_id: gadget.id, label: 'kept' });
    await expect(service.remove(actor, gadget.id)).rejects.toMatchObject({ status: 409 });
    expect((await service.get(gadget.id)).parts_count).toBe(1);
  });
});
