import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contacts,
  investmentMethodEntities,
  investmentMethods,
  investorProfiles,
  onboardingDocuments,
  onboardingRequirements,
  organisationLinks,
  organisations,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let investor: UserRow;
let other: UserRow;
let owner: UserRow;
let agent: Agent;

const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = (response: { body: string }) => json<{ data: Record<string, unknown> }>(response).data;

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.ctx;
  owner = await createStaff(db, ROLES.INVESTMENT_MANAGER, { name: 'Olive Owner' });
  investor = await createUser(db, { name: 'Ivy Investor' });
  other = await createUser(db, { name: 'Otto Other' });
  await db.insert(investorProfiles).values({ user_id: investor.id, owner_id: owner.id });

  const acme = await one(db.insert(organisations).values({ name: 'Acme Trust', type: 'trust' }).returning());
  const elsewhere = await one(db.insert(organisations).values({ name: 'Elsewhere Ltd' }).returning());
  await db.insert(organisationLinks).values([
    { organisation_id: acme.id, user_id: investor.id, role: 'director' },
    { organisation_id: elsewhere.id, user_id: other.id },
  ]);

  const passport = await one(db.insert(onboardingRequirements).values({ name: 'Passport' }).returning());
  await db.insert(onboardingDocuments).values([
    { user_id: investor.id, requirement_id: passport.id, status: 'rejected', reason: 'Blurred' },
    { user_id: other.id, requirement_id: passport.id },
  ]);

  const sipp = await one(
    db
      .insert(investmentMethods)
      .values({ name: 'Best SIPP', type: 'sipp', provider: 'Pensions plc' })
      .returning(),
  );
  const lead = await one(
    db
      .insert(contacts)
      .values({
        first_name: 'Ivy',
        last_name: 'Investor',
        name: 'Ivy Investor',
        user_id: investor.id,
        state: 3,
      })
      .returning(),
  );
  await db.insert(investmentMethodEntities).values([
    { investment_method_id: sipp.id, user_id: investor.id, name: 'Ivy’s SIPP', account_reference: 'S-1' },
    { investment_method_id: sipp.id, contact_id: lead.id, name: 'Ivy’s old SIPP' },
    { investment_method_id: sipp.id, user_id: other.id, name: 'Otto’s SIPP' },
  ]);
  agent = await t.as(investor);
});
afterAll(() => t.close());

describe('GET /api/user?include=', () => {
  it('answers the user alone without include', async () => {
    const user = data(await agent.get('/api/user'));
    expect(user).toMatchObject({ id: investor.id, name: 'Ivy Investor' });
    expect(user).not.toHaveProperty('organisations');
  });

  it('loads each named relation of the user’s own, in snake_case', async () => {
    const response = await agent.get(
      '/api/user?include=organisations,onboardingDocuments,owner,investmentMethodEntities.investmentMethod,leadInvestmentMethodEntities',
    );
    expect(response.statusCode).toBe(200);
    const user = data(response);
    expect(user.organisations).toEqual([
      { id: expect.any(Number) as unknown, name: 'Acme Trust', type: 'trust', role: 'director' },
    ]);
    expect(user.onboarding_documents).toEqual([
      expect.objectContaining({ requirement_name: 'Passport', status: 'rejected', reason: 'Blurred' }),
    ]);
    expect(user.owner).toEqual({ id: owner.id, name: 'Olive Owner', email: owner.email });
    expect(user.investment_method_entities).toEqual([
      expect.objectContaining({
        name: 'Ivy’s SIPP',
        account_reference: 'S-1',
        status: 'pending',
        investment_method: expect.objectContaining({
          name: 'Best SIPP',
          type: 'sipp',
          provider: 'Pensions plc',
        }) as unknown,
      }),
    ]);
    // Without ".investmentMethod" the method is not nested.
    const leads = user.lead_investment_method_entities as Array<Record<string, unknown>>;
    expect(leads.map((entity) => entity.name)).toEqual(['Ivy’s old SIPP']);
    expect(leads[0]).not.toHaveProperty('investment_method');
  });

  it('keeps the contact linked at registration, and its owner, from an address not yet verified', async () => {
    const { db } = t.ctx;
    const stranger = await createUser(db, { name: 'Sam Stranger', email_verified_at: null });
    await db.insert(investorProfiles).values({ user_id: stranger.id, owner_id: owner.id });
    const lead = await one(
      db
        .insert(contacts)
        .values({ first_name: 'Sam', last_name: 'Stranger', name: 'Sam Stranger', user_id: stranger.id })
        .returning(),
    );
    const [method] = await db.select().from(investmentMethods).limit(1);
    if (!method) throw new Error('no investment method');
    await db
      .insert(investmentMethodEntities)
      .values({ investment_method_id: method.id, contact_id: lead.id, name: 'Someone else’s ISA' });
    const unverified = await t.as(stranger);
    const user = data(await unverified.get('/api/user?include=owner,leadInvestmentMethodEntities'));
    expect(user.owner).toBeNull();
    expect(user.lead_investment_method_entities).toEqual([]);
  });

  it('answers counts and existence (spatie’s xCount and xExists)', async () => {
    const user = data(
      await agent.get('/api/user?include=organisationsCount,ownerExists,investmentMethodEntitiesCount'),
    );
    expect(user).toMatchObject({
      organisations_count: 1,
      owner_exists: true,
      investment_method_entities_count: 1,
    });
    expect(user).not.toHaveProperty('organisations');
  });

  it('refuses relations that do not exist yet with a 400', async () => {
    for (const name of ['ownershipChoices', 'password']) {
      const response = await agent.get(`/api/user?include=${name}`);
      expect(response.statusCode).toBe(400);
      expect(json<{ message: string }>(response).message).toContain(`Requested include(s) \`${name}\``);
    }
  });

  it('gives staff empty relations and a null owner', async () => {
    const staff = await t.as(owner);
    const user = data(await staff.get('/api/user?include=organisations,owner,investmentMethodEntities'));
    expect(user).toMatchObject({ organisations: [], owner: null, investment_method_entities: [] });
  });
});
