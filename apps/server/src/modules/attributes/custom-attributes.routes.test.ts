import { can, isStaffRole, ROLES, type RoleId } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeValues, auditLog } from '../../db/schema';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { agentsByRole, data, expected, json, type Errors } from './test-helpers';

let t: TestApp;
let admin: Agent;
let support: Agent;
let agents: Map<RoleId, Agent>;

type Option = { id: number; label: string; position: number };
type Attribute = {
  id: number;
  name: string;
  type: string;
  locked: boolean;
  options: Option[];
  values_count: number;
};
type Value = { attribute_id: number; name: string; value: unknown; display: string | null };

async function define(input: Record<string, unknown>) {
  const response = await admin.post('/api/attributes', input);
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<Attribute>(response);
}

const put = (agent: Agent, path: string, values: Record<string, unknown>) =>
  agent.request({ method: 'PUT', url: path, payload: { values } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  support = await t.as(await createStaff(t.ctx.db, ROLES.SUPPORT));
  agents = await agentsByRole(t);
});
afterAll(() => t.close());

describe('custom attribute definitions', () => {
  it('defines a select with options, renames, reorders and removes options, audited', async () => {
    const sectors = await define({
      name: 'Preferred sectors',
      applies_to: 'investor',
      type: 'multi_select',
      help_text: 'What the investor wants to hear about',
      options: [{ label: 'Fintech' }, { label: 'Climate' }, { label: 'Health' }],
    });
    expect(sectors.options.map((option) => [option.label, option.position])).toEqual([
      ['Fintech', 0],
      ['Climate', 1],
      ['Health', 2],
    ]);
    const [fintech, climate, health] = sectors.options;
    const changed = await admin.patch(`/api/attributes/${sectors.id}`, {
      options: [
        { id: climate?.id, label: 'Climate & Energy' },
        { id: fintech?.id, label: 'Fintech' },
        { label: 'Deep tech' },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(data<Attribute>(changed).options.map((option) => option.label)).toEqual([
      'Climate & Energy',
      'Fintech',
      'Deep tech',
    ]);
    expect(data<Attribute>(changed).options.some((option) => option.id === health?.id)).toBe(false);
    const audit = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'attribute'), eq(auditLog.subject_id, sectors.id)));
    expect(audit.map((row) => row.action)).toEqual(['attribute.created', 'attribute.updated']);
  });

  it('answers field errors a person can act on', async () => {
    const noOptions = await admin.post('/api/attributes', {
      name: 'Tier',
      applies_to: 'contact',
      type: 'select',
    });
    expect(json<Errors>(noOptions).errors).toEqual({ options: ['Give at least one option to choose from.'] });
    const twice = await admin.post('/api/attributes', {
      name: 'Tier',
      applies_to: 'contact',
      type: 'select',
      options: [{ label: 'Gold' }, { label: 'gold' }],
    });
    expect(json<Errors>(twice).errors).toEqual({ 'options.1.label': ['“gold” is already an option.'] });
    const textWithOptions = await admin.post('/api/attributes', {
      name: 'Notes',
      applies_to: 'contact',
      type: 'text',
      options: [{ label: 'A' }],
    });
    expect(json<Errors>(textWithOptions).errors.options).toEqual([
      'Only select and multi_select attributes have options: remove them.',
    ]);
    const bad = await admin.post('/api/attributes', { name: '', applies_to: 'fund', type: 'colour' });
    expect(Object.keys(json<Errors>(bad).errors).sort()).toEqual(['applies_to', 'name', 'type']);
    await define({ name: 'Source', applies_to: 'contact', type: 'text' });
    const duplicate = await admin.post('/api/attributes', {
      name: 'SOURCE',
      applies_to: 'contact',
      type: 'text',
    });
    expect(json<Errors>(duplicate).errors).toEqual({
      name: ['These records already have an attribute with that name.'],
    });
    // The same name on another kind of record is another attribute.
    expect(
      (await admin.post('/api/attributes', { name: 'Source', applies_to: 'organisation', type: 'text' }))
        .statusCode,
    ).toBe(201);
  });

  it('reorders one record type’s attributes', async () => {
    const a = await define({ name: 'Order A', applies_to: 'organisation', type: 'text' });
    const b = await define({ name: 'Order B', applies_to: 'organisation', type: 'date' });
    const ids = json<{ data: Attribute[] }>(
      await admin.get('/api/attributes?filter[applies_to]=organisation&per_page=100'),
    ).data.map((attribute) => attribute.id);
    const reversed = [...ids].reverse();
    const response = await admin.post('/api/attributes/reorder', {
      applies_to: 'organisation',
      ids: reversed,
    });
    expect(data<Attribute[]>(response).map((attribute) => attribute.id)).toEqual(reversed);
    expect(
      (await admin.post('/api/attributes/reorder', { applies_to: 'organisation', ids: [a.id] })).statusCode,
    ).toBe(422);
    expect(
      (await admin.post('/api/attributes/reorder', { applies_to: 'contact', ids: [a.id, b.id] })).statusCode,
    ).toBe(422);
  });
});

describe('attribute values', () => {
  let investorId: number;
  let board: Attribute;
  let sectors: Attribute;
  let cheque: Attribute;
  let since: Attribute;
  let notes: Attribute;
  const path = () => `/api/investors/${investorId}/attribute-values`;

  beforeAll(async () => {
    investorId = (await createUser(t.ctx.db, { name: 'Valued Investor' })).id;
    sectors = await define({
      name: 'Sectors',
      applies_to: 'investor',
      type: 'multi_select',
      options: [{ label: 'Fintech' }, { label: 'Climate' }],
    });
    board = await define({ name: 'Wants updates', applies_to: 'investor', type: 'boolean' });
    cheque = await define({ name: 'Typical cheque', applies_to: 'investor', type: 'number' });
    since = await define({ name: 'Investing since', applies_to: 'investor', type: 'date' });
    notes = await define({ name: 'Background', applies_to: 'investor', type: 'text' });
  });

  it('sets many at once, reads them with words, clears one, and shows it in the activity', async () => {
    const [fintech, climate] = sectors.options;
    const response = await put(admin, path(), {
      [sectors.id]: [climate?.id, fintech?.id],
      [board.id]: true,
      [cheque.id]: '25000.00',
      [since.id]: '2019-06-01',
      [notes.id]: ' Angel since 2019 ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const byName = (values: Value[]) =>
      Object.fromEntries(values.map((item) => [item.name, [item.value, item.display]]));
    expect(byName(data<Value[]>(response))).toMatchObject({
      Sectors: [[fintech?.id, climate?.id], 'Fintech, Climate'],
      'Wants updates': [true, 'Yes'],
      'Typical cheque': ['25000.00', '25000.00'],
      'Investing since': ['2019-06-01', '1 June 2019'],
      Background: ['Angel since 2019', 'Angel since 2019'],
    });
    const cleared = await put(admin, path(), { [notes.id]: '', [board.id]: false });
    expect(byName(data<Value[]>(cleared))).toMatchObject({
      Background: [null, null],
      'Wants updates': [false, 'No'],
    });
    expect(byName(data<Value[]>(await admin.get(path()))).Sectors).toEqual([
      [fintech?.id, climate?.id],
      'Fintech, Climate',
    ]);

    const activity = json<{ data: Array<{ action: string; description: string }> }>(
      await admin.get(`/api/investors/${investorId}/activity`),
    ).data;
    expect(activity[0]).toMatchObject({
      action: 'attribute_values.updated',
      description: 'Attributes set: Background cleared, Wants updates “No”',
    });
    // Nothing changed, nothing written.
    await put(admin, path(), { [board.id]: false });
    const again = json<{ data: Array<{ action: string }> }>(
      await admin.get(`/api/investors/${investorId}/activity`),
    ).data;
    expect(again.length).toBe(activity.length);
  });

  it('answers 422 per attribute, and writes nothing when one is wrong', async () => {
    const other = await define({ name: 'Contact only', applies_to: 'contact', type: 'text' });
    const response = await put(admin, path(), {
      [cheque.id]: 'lots',
      [since.id]: '2019-02-30',
      [board.id]: 'yes',
      [sectors.id]: [999999],
      [other.id]: 'x',
      [notes.id]: 'Fine on its own',
    });
    expect(response.statusCode).toBe(422);
    expect(json<Errors>(response).errors).toEqual({
      [`values.${cheque.id}`]: [
        'Typical cheque must be a number, e.g. 42 or 1250.5 (up to 15 digits and 6 decimals).',
      ],
      [`values.${since.id}`]: ['Investing since must be a date written YYYY-MM-DD, e.g. 2025-03-31.'],
      [`values.${board.id}`]: ['Wants updates must be yes or no (true or false).'],
      [`values.${sectors.id}`]: ['Sectors must only hold its own options.'],
      [`values.${other.id}`]: ['There is no such attribute for this kind of record.'],
    });
    const background = data<Value[]>(await admin.get(path())).find((item) => item.name === 'Background');
    expect(background?.value).not.toBe('Fine on its own');
    expect((await put(admin, '/api/investors/999999/attribute-values', {})).statusCode).toBe(404);
    const staff = await createStaff(t.ctx.db, ROLES.ADVISER);
    // A staff member is not an investor record.
    expect((await admin.get(`/api/investors/${staff.id}/attribute-values`)).statusCode).toBe(404);
  });

  it('refuses a type change while values exist, and the removal of an option in use', async () => {
    const typeChange = await admin.patch(`/api/attributes/${cheque.id}`, { type: 'text' });
    expect(json<Errors>(typeChange).errors).toEqual({
      type: ['1 record has a value for this attribute, so its type cannot change.'],
    });
    const [fintech] = sectors.options;
    const removal = await admin.patch(`/api/attributes/${sectors.id}`, {
      options: [{ id: fintech?.id, label: 'Fintech' }],
    });
    expect(json<Errors>(removal).errors).toEqual({
      options: ['“Climate” is chosen on 1 record: change those first, or keep it.'],
    });
  });

  it('keeps a change in the activity whatever the attribute is called, "__proto__" included', async () => {
    const odd = await define({ name: '__proto__', applies_to: 'investor', type: 'text' });
    expect((await put(admin, path(), { [odd.id]: 'Kept' })).statusCode).toBe(200);
    const activity = json<{ data: Array<{ action: string; description: string }> }>(
      await admin.get(`/api/investors/${investorId}/activity`),
    ).data;
    expect(activity[0]).toMatchObject({
      action: 'attribute_values.updated',
      description: 'Attributes set: __proto__ “Kept”',
    });
  });

  it('deletes a record’s values with the record, so they no longer count', async () => {
    const stage = await define({ name: 'Round stage', applies_to: 'contact', type: 'text' });
    const contact = await admin.post('/api/contacts', {
      first_name: 'Short',
      last_name: 'Lived',
      email: 'short.lived@example.test',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const contactId = data<{ id: number }>(contact).id;
    expect(
      (await put(admin, `/api/contacts/${contactId}/attribute-values`, { [stage.id]: 'Seed' })).statusCode,
    ).toBe(200);
    const counted = async () =>
      data<Attribute[]>(await admin.get('/api/attributes?filter[applies_to]=contact')).find(
        (item) => item.id === stage.id,
      )?.values_count;
    expect(await counted()).toBe(1);
    expect((await admin.delete(`/api/contacts/${contactId}`)).statusCode).toBe(204);
    expect(await counted()).toBe(0);
    const left = await t.ctx.db
      .select()
      .from(attributeValues)
      .where(and(eq(attributeValues.subject_type, 'contact'), eq(attributeValues.subject_id, contactId)));
    expect(left).toEqual([]);
  });

  it('gives each investor their own values in GET /api/user?include=attributeValues', async () => {
    const investor = await createUser(t.ctx.db, { name: 'Self Reader' });
    await put(admin, `/api/investors/${investor.id}/attribute-values`, {
      [board.id]: true,
      [cheque.id]: 5000,
    });
    const me = await t.as(investor);
    const user = data<{ attribute_values: unknown[]; attribute_values_count: number }>(
      await me.get('/api/user?include=attributeValues,attributeValuesCount'),
    );
    expect(user.attribute_values).toEqual([
      { attribute_id: board.id, name: 'Wants updates', type: 'boolean', value: true, display: 'Yes' },
      { attribute_id: cheque.id, name: 'Typical cheque', type: 'number', value: '5000', display: '5000' },
    ]);
    expect(user.attribute_values_count).toBe(2);
    const staff = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect(
      data<{ attribute_values: unknown[] }>(await staff.get('/api/user?include=attributeValues'))
        .attribute_values,
    ).toEqual([]);
  });

  it.runIf(usePostgres())('keeps one value per record and attribute under parallel saves', async () => {
    const investor = await createUser(t.ctx.db, { name: 'Parallel Investor' });
    const url = `/api/investors/${investor.id}/attribute-values`;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => put(admin, url, { [cheque.id]: String(1000 + index) })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const rows = await t.ctx.db
      .select()
      .from(attributeValues)
      .where(and(eq(attributeValues.subject_id, investor.id), eq(attributeValues.attribute_id, cheque.id)));
    expect(rows).toHaveLength(1);
  });

  it('lets the roles that may read or change an investor read or set its values', async () => {
    for (const [role, agent] of agents) {
      const label = `role ${role}`;
      expect((await agent.get(path())).statusCode, label).toBe(expected(can(role, 'investors', 'show'), 200));
      expect((await put(agent, path(), { [notes.id]: `Set by ${role}` })).statusCode, label).toBe(
        expected(can(role, 'investors', 'update'), 200),
      );
    }
  });
});

describe('attributes_lock', () => {
  it('only Support locks and unlocks; a locked definition cannot change or go, its values still can', async () => {
    const seat = await define({ name: 'Board seat', applies_to: 'investor', type: 'boolean' });
    const byAdmin = await admin.patch(`/api/attributes/${seat.id}`, { locked: true });
    expect(byAdmin.statusCode).toBe(403);
    const locked = await support.patch(`/api/attributes/${seat.id}`, { locked: true });
    expect(data<Attribute>(locked).locked).toBe(true);

    for (const agent of [admin, support]) {
      const rename = await agent.patch(`/api/attributes/${seat.id}`, { name: 'Board observer' });
      expect(rename.statusCode).toBe(422);
      expect(Object.keys(json<Errors>(rename).errors)).toEqual(['locked']);
      expect((await agent.delete(`/api/attributes/${seat.id}`)).statusCode).toBe(422);
    }
    // Sending the same definition back is no change.
    expect((await admin.patch(`/api/attributes/${seat.id}`, { name: 'Board seat' })).statusCode).toBe(200);
    const investor = await createUser(t.ctx.db);
    expect(
      (await put(admin, `/api/investors/${investor.id}/attribute-values`, { [seat.id]: true })).statusCode,
    ).toBe(200);

    // Unlocking and renaming at once is Support's to do.
    const unlocked = await support.patch(`/api/attributes/${seat.id}`, {
      locked: false,
      name: 'Board observer',
    });
    expect(data<Attribute>(unlocked)).toMatchObject({ locked: false, name: 'Board observer' });
    expect((await admin.delete(`/api/attributes/${seat.id}`)).statusCode).toBe(204);
  });

  it('lets every staff role read definitions, the attributes roles change them, and only Support lock them', async () => {
    for (const [role, agent] of agents) {
      const label = `role ${role}`;
      const allowed = (action: 'create' | 'update' | 'delete') => can(role, 'attributes', action);
      expect((await agent.get('/api/attributes')).statusCode, label).toBe(expected(isStaffRole(role), 200));
      const mine = await define({ name: `Probe ${role}`, applies_to: 'opportunity', type: 'text' });
      expect((await agent.get(`/api/attributes/${mine.id}`)).statusCode, label).toBe(
        expected(isStaffRole(role), 200),
      );
      const created = await agent.post('/api/attributes', {
        name: `New ${role}`,
        applies_to: 'opportunity',
        type: 'date',
      });
      expect(created.statusCode, label).toBe(expected(allowed('create'), 201));
      expect((await agent.patch(`/api/attributes/${mine.id}`, { help_text: 'Why' })).statusCode, label).toBe(
        expected(allowed('update'), 200),
      );
      expect((await agent.patch(`/api/attributes/${mine.id}`, { locked: true })).statusCode, label).toBe(
        expected(can(role, 'attributes_lock', 'index'), 200),
      );
      if (can(role, 'attributes_lock', 'index'))
        await agent.patch(`/api/attributes/${mine.id}`, { locked: false });
      const ids = json<{ data: Attribute[] }>(
        await admin.get('/api/attributes?filter[applies_to]=opportunity&per_page=100'),
      ).data.map((attribute) => attribute.id);
      expect(
        (await agent.post('/api/attributes/reorder', { applies_to: 'opportunity', ids })).statusCode,
        label,
      ).toBe(expected(allowed('update'), 200));
      expect((await agent.delete(`/api/attributes/${mine.id}`)).statusCode, label).toBe(
        expected(allowed('delete'), 204),
      );
    }
  });
});
