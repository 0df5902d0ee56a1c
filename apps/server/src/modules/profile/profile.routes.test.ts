import { ROLES } from '@portico/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, investorProfiles, mailOutbox, users } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, TEST_APP_URL, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

type Profile = Record<string, unknown> & { email: string; pending_email: string | null; name: string };
type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Profile>(response: { body: string }) => json<{ data: T }>(response).data;

async function investor(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.ctx.db, overrides);
  return { user, agent: await t.as(user) };
}

async function setFeatures(features: Record<string, boolean>) {
  const response = await admin.patch('/api/features', features);
  if (response.statusCode !== 200) throw new Error(response.body);
}

const mailsTo = (address: string) =>
  t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address)).orderBy(desc(mailOutbox.id));

const auditOf = (userId: number, action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subject_type, 'investor'),
        eq(auditLog.subject_id, userId),
        eq(auditLog.action, action),
      ),
    );

/** The path and query of the one link in a mail's text. */
function linkIn(text: string) {
  const found = /https?:\/\/\S+/.exec(text)?.[0];
  if (!found) throw new Error(`no link in ${text}`);
  const url = new URL(found);
  expect(url.origin).toBe(TEST_APP_URL);
  return url.pathname + url.search;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

describe('GET /api/profile', () => {
  it('answers the signed-in investor’s own details, and refuses guests and staff', async () => {
    const { user, agent } = await investor({ name: 'Ada Lovelace' });
    const response = await agent.get('/api/profile');
    expect(response.statusCode).toBe(200);
    expect(data(response)).toMatchObject({
      id: user.id,
      email: user.email,
      pending_email: null,
      country: null,
    });

    expect((await t.agent().get('/api/profile')).statusCode).toBe(401);
    expect((await admin.get('/api/profile')).statusCode).toBe(403);
  });

  it('shows free text written before the country list as it is', async () => {
    const { user, agent } = await investor();
    await t.ctx.db.insert(investorProfiles).values({ user_id: user.id, nationality: 'British' });
    expect(data(await agent.get('/api/profile'))).toMatchObject({ nationality: 'British' });
  });
});

describe('PATCH /api/profile', () => {
  it('saves the investor’s details; the name follows, and the change is in their activity', async () => {
    const { user, agent } = await investor();
    const response = await agent.patch('/api/profile', {
      title: 'Dr',
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '+44 20 7946 0000',
      date_of_birth: '1980-12-09',
      nationality: 'us',
      address_line_1: '1 Navy Way',
      city: 'Arlington',
      postcode: 'VA 22202',
      country: 'US',
      bank_account_name: 'G Hopper',
      bank_sort_code: '12-34-56',
      bank_account_number: '12345678',
    });
    expect(response.statusCode).toBe(200);
    expect(data(response)).toMatchObject({
      name: 'Grace Hopper',
      first_name: 'Grace',
      nationality: 'US',
      country: 'US',
      bank_sort_code: '123456',
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe('Grace Hopper');
    const [audit] = await auditOf(user.id, 'investor.updated');
    expect(audit?.actor_id).toBe(user.id);
    expect(audit?.after).toMatchObject({ first_name: 'Grace', country: 'US' });
    // Staff see the change on the investor record.
    const activity = await admin.get(`/api/investors/${user.id}/activity`);
    expect(activity.body).toContain('Details changed');
  });

  it('answers 422 with field errors a person can act on', async () => {
    const { agent } = await investor();
    const response = await agent.patch('/api/profile', {
      country: 'Narnia',
      nationality: 'Atlantis',
      phone: 'call me',
      date_of_birth: '31/12/1990',
      first_name: '',
      email: 'not-an-email',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = json<Errors>(response);
    expect(Object.keys(errors).sort()).toEqual(
      ['country', 'date_of_birth', 'email', 'first_name', 'nationality', 'phone'].sort(),
    );
    expect(errors.country?.[0]).toMatch(/country from the list/);
  });

  it.each([
    ['lead_status_id', 1],
    ['owner_id', 1],
    ['adviser_id', 1],
    ['source', 'Web'],
    ['screening_status', 'passed'],
    ['category', 'professional'],
    ['onboarding_state', 'complete'],
    ['compliance_passed', 1],
  ])('refuses the staff-owned field %s with a 422 and changes nothing', async (field, value) => {
    const { user, agent } = await investor();
    const response = await agent.patch('/api/profile', { city: 'Leeds', [field]: value });
    expect(response.statusCode).toBe(422);
    expect(json<Errors>(response).message).toMatch(/unknown keys/);
    expect(json<Errors>(response).message).toContain(field);
    const [profile] = await t.ctx.db
      .select()
      .from(investorProfiles)
      .where(eq(investorProfiles.user_id, user.id));
    expect(profile?.city ?? null).toBeNull();
  });

  it('refuses an empty change', async () => {
    const { agent } = await investor();
    expect((await agent.patch('/api/profile', {})).statusCode).toBe(422);
  });

  it('takes NI number and UTR only while the tax feature is on', async () => {
    const { agent } = await investor();
    await setFeatures({ tax_enabled: false });
    const off = await agent.patch('/api/profile', { ni_number: 'AB123456C', utr: '1234567890' });
    expect(off.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(off).errors).sort()).toEqual(['ni_number', 'utr']);

    await setFeatures({ tax_enabled: true });
    const bad = await agent.patch('/api/profile', { ni_number: 'XX' });
    expect(json<Errors>(bad).errors.ni_number?.[0]).toMatch(/National Insurance/);
    const on = await agent.patch('/api/profile', { ni_number: 'ab 12 34 56 c', utr: '12345 67890' });
    expect(on.statusCode).toBe(200);
    expect(data(on)).toMatchObject({ ni_number: 'AB123456C', utr: '1234567890' });

    // Switched off again, the saved values are not shown.
    await setFeatures({ tax_enabled: false });
    expect(data(await agent.get('/api/profile'))).toMatchObject({ ni_number: null, utr: null });
  });

  it('takes IBAN and SWIFT only with international bank details on', async () => {
    const { agent } = await investor();
    await setFeatures({ intl_bank_details_enabled: false });
    const off = await agent.patch('/api/profile', { bank_iban: 'GB33BUKB20201555555555' });
    expect(off.statusCode).toBe(422);
    expect(json<Errors>(off).errors.bank_iban).toBeDefined();

    await setFeatures({ intl_bank_details_enabled: true });
    const bad = await agent.patch('/api/profile', { bank_iban: 'nope', bank_swift: '12' });
    expect(Object.keys(json<Errors>(bad).errors).sort()).toEqual(['bank_iban', 'bank_swift']);
    const on = await agent.patch('/api/profile', {
      bank_iban: 'gb33 bukb 2020 1555 5555 55',
      bank_swift: 'bukbgb22',
    });
    expect(on.statusCode).toBe(200);
    expect(data(on)).toMatchObject({ bank_iban: 'GB33BUKB20201555555555', bank_swift: 'BUKBGB22' });
    await setFeatures({ intl_bank_details_enabled: false });
  });

  it('keeps a trading name and company number for businesses and sole traders only', async () => {
    const { agent } = await investor();
    const business = await agent.patch('/api/profile', {
      client_type: 'business',
      trading_name: 'Hopper Compilers',
      company_number: 'sc123456',
    });
    expect(data(business)).toMatchObject({
      client_type: 'business',
      trading_name: 'Hopper Compilers',
      company_number: 'SC123456',
    });
    const organisation = await agent.patch('/api/profile', { client_type: 'organisation' });
    expect(data(organisation)).toMatchObject({ trading_name: null, company_number: null });
    expect((await agent.patch('/api/profile', { client_type: 'charity' })).statusCode).toBe(422);
  });

  it('touches only the signed-in investor’s record', async () => {
    const a = await investor();
    const b = await investor();
    await a.agent.patch('/api/profile', { city: 'Bath' });
    expect(data(await b.agent.get('/api/profile'))).toMatchObject({ id: b.user.id, city: null });
  });
});

describe('changing the email address', () => {
  it('keeps the old address until the link sent to the new one is opened, and tells the old one', async () => {
    const { user, agent } = await investor({ name: 'Mary Jackson' });
    const next = `mary-${user.id}@new.example.test`;
    const response = await agent.patch('/api/profile', { email: next.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(data(response)).toMatchObject({ email: user.email, pending_email: next });

    // Still signed in and still the old address everywhere.
    expect(data(await agent.get('/api/user'))).toMatchObject({ email: user.email });
    const [notice] = await mailsTo(user.email);
    expect(notice?.subject).toMatch(/being changed/);
    expect(notice?.text_body).toContain(next);
    const [confirm] = await mailsTo(next);
    expect(confirm?.subject).toMatch(/Confirm your new email/);
    expect((await auditOf(user.id, 'investor.email_change_requested')).length).toBe(1);

    const link = linkIn(confirm?.text_body ?? '');
    expect(link).toMatch(new RegExp(`^/email/change/${user.id}/[0-9a-f]{40}\\?`));
    const tampered = await t.agent().get(link.replace(/signature=[^&]+/, 'signature=00'));
    expect(tampered.headers.location).toBe('/investor/profile/details?email_change=invalid');

    const opened = await t.agent().get(link);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/investor/profile/details?email_change=valid');
    const after = data(await agent.get('/api/profile'));
    expect(after).toMatchObject({ email: next, pending_email: null });
    expect(after.email_verified_at).not.toBeNull();
    expect((await auditOf(user.id, 'investor.email_changed')).length).toBe(1);

    // The link works once.
    expect((await t.agent().get(link)).headers.location).toBe(
      '/investor/profile/details?email_change=invalid',
    );
    // The new address signs in.
    await t.agent().login(next);
  });

  it('refuses an address another account holds', async () => {
    const { agent } = await investor();
    const other = await createUser(t.ctx.db);
    const response = await agent.patch('/api/profile', { email: other.email });
    expect(response.statusCode).toBe(422);
    expect(json<Errors>(response).errors.email).toEqual(['The email has already been taken.']);
  });

  it('withdraws a pending change when the current address is given again', async () => {
    const { user, agent } = await investor();
    await agent.patch('/api/profile', { email: `elsewhere-${user.id}@example.test` });
    const response = await agent.patch('/api/profile', { email: user.email });
    expect(data(response)).toMatchObject({ email: user.email, pending_email: null });
  });

  it('does not let one investor’s link change another’s address', async () => {
    const a = await investor();
    const b = await investor();
    await a.agent.patch('/api/profile', { email: `a-${a.user.id}@new.example.test` });
    const [confirm] = await mailsTo(`a-${a.user.id}@new.example.test`);
    const link = linkIn(confirm?.text_body ?? '');
    const forged = link.replace(`/email/change/${a.user.id}/`, `/email/change/${b.user.id}/`);
    expect((await t.agent().get(forged)).headers.location).toBe(
      '/investor/profile/details?email_change=invalid',
    );
    expect(data(await b.agent.get('/api/profile'))).toMatchObject({ email: b.user.email });
  });

  it('answers "taken" when someone registered with the address before the link was opened', async () => {
    const { user, agent } = await investor();
    const next = `race-${user.id}@example.test`;
    await agent.patch('/api/profile', { email: next });
    const [confirm] = await mailsTo(next);
    await createUser(t.ctx.db, { email: next });
    const opened = await t.agent().get(linkIn(confirm?.text_body ?? ''));
    expect(opened.headers.location).toBe('/investor/profile/details?email_change=taken');
    expect(data(await agent.get('/api/profile'))).toMatchObject({ email: user.email, pending_email: next });
  });

  it('changes the address once when its link is opened ten times at once', async () => {
    const { user, agent } = await investor();
    const next = `burst-${user.id}@example.test`;
    await agent.patch('/api/profile', { email: next });
    const [confirm] = await mailsTo(next);
    const link = linkIn(confirm?.text_body ?? '');
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.agent().get(link)));
    const outcomes = answers.map((answer) => answer.headers.location);
    expect(outcomes.filter((where) => where?.endsWith('=valid'))).toHaveLength(1);
    expect(outcomes.filter((where) => where?.endsWith('=invalid'))).toHaveLength(9);
    expect(await auditOf(user.id, 'investor.email_changed')).toHaveLength(1);
    expect(data(await agent.get('/api/profile'))).toMatchObject({ email: next, pending_email: null });
  });
});
