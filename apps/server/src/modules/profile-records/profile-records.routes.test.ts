import { ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  documents,
  investmentMethodEntities,
  investmentMethods,
  organisationLinks,
  organisations,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, NOT_AN_IMAGE, PNG_1PX } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;
let owner: UserRow;
let ownerAgent: Agent;
let otherAgent: Agent;
let acme: { id: number };
let elsewhere: { id: number };
let sipp: { id: number };
let otherSipp: { id: number };

type Doc = { id: number; name: string; visibility: string; subject_type: string; url: string };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;
const errors = (response: { body: string }) => json<{ errors: Record<string, string[]> }>(response).errors;

async function addDocument(
  subjectType: 'organisation' | 'investment_method_entity',
  id: number,
  name: string,
  visibility: 'public' | 'private',
) {
  await t.ctx.db.insert(documents).values({
    subject_type: subjectType,
    subject_id: id,
    name,
    storage_key: `documents/test-${name}`,
    content_type: 'application/pdf',
    size_bytes: 10,
    visibility,
  });
}

const upload = (
  agent: Agent,
  entityId: number,
  files: Record<string, { name: string; type: string; body: Buffer }>,
  fields: Record<string, string> = {},
) => {
  const body = multipartBody(fields, files);
  return agent.request({
    url: `/api/profile/investment-method-entities/${entityId}/documents`,
    method: 'POST',
    payload: body.payload,
    headers: body.headers,
  });
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  owner = await createUser(t.ctx.db, { name: 'Olive Owner' });
  ownerAgent = await t.as(owner);
  const other = await createUser(t.ctx.db, { name: 'Otto Other' });
  otherAgent = await t.as(other);
  const [first, second] = await t.ctx.db
    .insert(organisations)
    .values([
      { name: 'Acme Family Office', type: 'family_office', city: 'London' },
      { name: 'Elsewhere Trust', type: 'trust' },
    ])
    .returning();
  if (!first || !second) throw new Error('no organisations');
  acme = first;
  elsewhere = second;
  await t.ctx.db.insert(organisationLinks).values([
    { organisation_id: acme.id, user_id: owner.id, role: 'director' },
    { organisation_id: elsewhere.id, user_id: other.id, role: 'member' },
  ]);
  await addDocument('organisation', acme.id, 'annual-report.pdf', 'public');
  await addDocument('organisation', acme.id, 'board-minutes.pdf', 'private');
  const [method] = await t.ctx.db
    .insert(investmentMethods)
    .values({ name: 'Hargreaves SIPP', type: 'sipp', provider: 'Hargreaves Lansdown' })
    .returning();
  if (!method) throw new Error('no method');
  const [mine, theirs] = await t.ctx.db
    .insert(investmentMethodEntities)
    .values([
      {
        investment_method_id: method.id,
        user_id: owner.id,
        name: 'O. Owner SIPP',
        account_reference: 'HL-123',
        status: 'active',
      },
      { investment_method_id: method.id, user_id: other.id, name: 'O. Other SIPP' },
    ])
    .returning();
  if (!mine || !theirs) throw new Error('no entities');
  sipp = mine;
  otherSipp = theirs;
  await addDocument('investment_method_entity', sipp.id, 'sipp-welcome-pack.pdf', 'public');
  await addDocument('investment_method_entity', sipp.id, 'provider-notes.pdf', 'private');
});
afterAll(() => t.close());

describe('organisations in the portal', () => {
  it('answers 404 on every organisation route while organisation links are off', async () => {
    expect((await ownerAgent.get('/api/profile/organisations')).statusCode).toBe(404);
    expect((await ownerAgent.get(`/api/profile/organisations/${acme.id}`)).statusCode).toBe(404);
    expect((await ownerAgent.get(`/api/profile/organisations/${acme.id}/documents`)).statusCode).toBe(404);
  });

  describe('with organisation links on', () => {
    beforeAll(async () => {
      const response = await admin.patch('/api/features', { enableOrganisationLinks: true });
      if (response.statusCode !== 200) throw new Error(response.body);
    });
    afterAll(() => admin.patch('/api/features', { enableOrganisationLinks: false }));

    it('lists only the investor’s own organisations, with their role', async () => {
      const mine = data<Array<{ id: number; name: string; role: string }>>(
        await ownerAgent.get('/api/profile/organisations'),
      );
      expect(mine).toEqual([
        expect.objectContaining({
          id: acme.id,
          name: 'Acme Family Office',
          role: 'director',
          city: 'London',
        }),
      ]);
      const one = data(await ownerAgent.get(`/api/profile/organisations/${acme.id}`));
      expect(one).toMatchObject({ id: acme.id, type: 'family_office', role: 'director' });
      expect(one).not.toHaveProperty('members_count');
    });

    it('answers 404 for an organisation the investor is not linked to, or that does not exist', async () => {
      for (const url of [
        `/api/profile/organisations/${elsewhere.id}`,
        `/api/profile/organisations/${elsewhere.id}/documents`,
        '/api/profile/organisations/999999',
        '/api/profile/organisations/abc',
      ])
        expect((await ownerAgent.get(url)).statusCode, url).toBe(404);
      expect((await otherAgent.get(`/api/profile/organisations/${acme.id}`)).statusCode).toBe(404);
    });

    it('shows only public documents, with download links', async () => {
      const docs = data<Doc[]>(await ownerAgent.get(`/api/profile/organisations/${acme.id}/documents`));
      expect(docs.map((doc) => doc.name)).toEqual(['annual-report.pdf']);
      expect(docs[0]?.url).toMatch(/^\/files\/documents\/.+signature=/);
    });

    it('is for investors only', async () => {
      expect((await admin.get('/api/profile/organisations')).statusCode).toBe(403);
      expect((await t.agent().get('/api/profile/organisations')).statusCode).toBe(401);
    });
  });
});

describe('investment-method entities in the portal', () => {
  it('lists the investor’s own accounts with their method', async () => {
    const mine = data<unknown[]>(await ownerAgent.get('/api/profile/investment-method-entities'));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id: sipp.id,
      name: 'O. Owner SIPP',
      account_reference: 'HL-123',
      status: 'active',
      investment_method: { name: 'Hargreaves SIPP', type: 'sipp', provider: 'Hargreaves Lansdown' },
    });
    expect(data(await ownerAgent.get(`/api/profile/investment-method-entities/${sipp.id}`))).toMatchObject({
      id: sipp.id,
      investment_method: { provider: 'Hargreaves Lansdown' },
    });
  });

  it('answers 404 for another investor’s account, on every route', async () => {
    const base = `/api/profile/investment-method-entities/${otherSipp.id}`;
    expect((await ownerAgent.get(base)).statusCode).toBe(404);
    expect((await ownerAgent.get(`${base}/documents`)).statusCode).toBe(404);
    const sent = await upload(ownerAgent, otherSipp.id, {
      files: { name: 'x.png', type: 'image/png', body: PNG_1PX },
    });
    expect(sent.statusCode).toBe(404);
    const stored = await t.ctx.db
      .select()
      .from(documents)
      .where(
        and(eq(documents.subject_type, 'investment_method_entity'), eq(documents.subject_id, otherSipp.id)),
      );
    expect(stored).toHaveLength(0);
  });

  it('shows only public documents', async () => {
    const docs = data<Doc[]>(
      await ownerAgent.get(`/api/profile/investment-method-entities/${sipp.id}/documents`),
    );
    expect(docs.map((doc) => doc.name)).toEqual(['sipp-welcome-pack.pdf']);
  });

  it('stores the investor’s upload on the account, audited, and staff see it there', async () => {
    const sent = await upload(ownerAgent, sipp.id, {
      files: { name: 'transfer-form.png', type: 'image/png', body: PNG_1PX },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [created] = data<Doc[]>(sent);
    expect(created).toMatchObject({
      name: 'transfer-form.png',
      subject_type: 'investment_method_entity',
      visibility: 'public',
    });
    const listed = data<Doc[]>(
      await ownerAgent.get(`/api/profile/investment-method-entities/${sipp.id}/documents`),
    );
    expect(listed.map((doc) => doc.name)).toContain('transfer-form.png');
    const staff = data<Doc[]>(await admin.get(`/api/investment-method-entities/${sipp.id}/documents`));
    expect(staff.map((doc) => doc.name)).toEqual(
      expect.arrayContaining(['transfer-form.png', 'provider-notes.pdf', 'sipp-welcome-pack.pdf']),
    );
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'document.uploaded'),
          eq(auditLog.subject_id, sipp.id),
          eq(auditLog.subject_type, 'investment_method_entity'),
        ),
      );
    expect(audit?.actor_id).toBe(owner.id);
  });

  it('refuses a missing or unacceptable file with a field error, and stores nothing', async () => {
    const before = await t.ctx.db.select().from(documents).where(eq(documents.subject_id, sipp.id));
    const none = await upload(ownerAgent, sipp.id, {}, { category: 'x' });
    expect(none.statusCode).toBe(422);
    expect(errors(none)).toEqual({ files: ['Choose at least one file to upload.'] });
    const text = await upload(ownerAgent, sipp.id, {
      files: { name: 'fake.png', type: 'image/png', body: NOT_AN_IMAGE },
    });
    expect(text.statusCode).toBe(422);
    expect(Object.keys(errors(text))).toEqual(['files.0']);
    const after = await t.ctx.db.select().from(documents).where(eq(documents.subject_id, sipp.id));
    expect(after).toHaveLength(before.length);
  });
});

describe('upload limits', () => {
  it('refuses a file over the document size limit with a field error', async () => {
    const big = await createTestApp({ UPLOAD_LIMIT: String(25 * 1024 * 1024) }, {});
    try {
      const user = await createUser(big.ctx.db);
      const [method] = await big.ctx.db.insert(investmentMethods).values({ name: 'ISA' }).returning();
      const [entity] = await big.ctx.db
        .insert(investmentMethodEntities)
        .values({ investment_method_id: method?.id ?? 0, user_id: user.id, name: 'My ISA' })
        .returning();
      const agent = await big.as(user);
      const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(21 * 1024 * 1024, 0x20)]);
      const sent = await upload(agent, entity?.id ?? 0, {
        files: { name: 'huge.pdf', type: 'application/pdf', body },
      });
      expect(sent.statusCode, sent.body).toBe(422);
      expect(errors(sent)['files.0']?.[0]).toMatch(/must not be larger than 20 MB/);
    } finally {
      await big.close();
    }
  });
});
