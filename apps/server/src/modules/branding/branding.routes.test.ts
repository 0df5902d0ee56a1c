import { DEFAULT_COLOURS, DEFAULT_TERMINOLOGY, FEATURE_FLAGS, ROLES } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branding, mailOutbox, notifications } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, NOT_AN_IMAGE, PNG_1PX, SAFE_SVG, SCRIPTED_SVG } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

type Branding = Record<string, unknown> & {
  colours: Record<string, string>;
  navigation: Record<string, string>;
  logo: string | null;
  favicon: string | null;
  terms_version: number;
};
const data = (response: { body: string }) => (JSON.parse(response.body) as { data: Branding }).data;
const errors = (response: { body: string }) =>
  (JSON.parse(response.body) as { errors: Record<string, string[]> }).errors;
const fresh = async () => {
  await t.ctx.db.delete(branding);
  await t.ctx.db.delete(notifications);
  await t.app.inject({ url: '/health' });
};

describe('reading the branding before login', () => {
  beforeAll(fresh);

  it('answers the defaults to anyone, with every flag in both spellings', async () => {
    for (const url of ['/api/branding', '/api/branding/1']) {
      const response = await t.request({ url });
      expect(response.statusCode).toBe(200);
      const body = data(response);
      expect(body).toMatchObject({
        id: 1,
        terms_version: 1,
        terms_format: 'text',
        isCustomBranding: false,
        appName: 'Portico',
      });
      expect(body.colours).toEqual(DEFAULT_COLOURS);
      expect(body.navigation).toEqual(DEFAULT_TERMINOLOGY);
      expect(body.risk_warning_text).toMatch(/FCA/);
      for (const flag of FEATURE_FLAGS) {
        expect(body[flag.camel]).toBe(false);
        expect(body[flag.snake]).toBe(false);
      }
    }
    expect((await t.request({ url: '/api/branding/2' })).statusCode).toBe(404);
  });
});

describe('changing the branding', () => {
  beforeAll(fresh);

  it('creates the custom branding with POST /api/branding and stores only changed terms', async () => {
    const created = await admin.post('/api/branding', {
      navigation: { portfolio: 'Holdings', investments: 'Deals' },
    });
    expect(created.statusCode).toBe(201);
    const body = data(created);
    expect(body.isCustomBranding).toBe(true);
    expect(body.navigation).toMatchObject({ portfolio: 'Holdings', investments: 'Deals', news: 'News' });
    const [row] = await t.ctx.db.select().from(branding);
    expect(row?.navigation).toEqual({ portfolio: 'Holdings', investments: 'Deals' });
    // Setting a term back to its default removes the override.
    await admin.post('/api/branding/1', { _method: 'PATCH', navigation: { investments: 'Investments' } });
    const [after] = await t.ctx.db.select().from(branding);
    expect(after?.navigation).toEqual({ portfolio: 'Holdings' });
  });

  it('changes colours and refuses a colour that is not one, on its field', async () => {
    const ok = await admin.patch('/api/branding/1', { colours: { primary: '#123ABC' } });
    expect(data(ok).colours).toMatchObject({ primary: '#123abc', secondary: DEFAULT_COLOURS.secondary });
    const bad = await admin.patch('/api/branding/1', { colours: { primary: 'navy' } });
    expect(bad.statusCode).toBe(422);
    expect(errors(bad)).toEqual({ 'colours.primary': ['The primary field must be a colour like #0b1f3a.'] });
    const unknownTerm = await admin.patch('/api/branding/1', { navigation: { not_a_term: 'x' } });
    expect(unknownTerm.statusCode).toBe(422);
  });

  it('uploads a logo and favicon through a multipart POST with _method=PATCH, and serves them', async () => {
    const { payload, headers } = multipartBody(
      { _method: 'PATCH', logo_alt: 'Acme Capital', 'colours[secondary]': '#ffcc00' },
      {
        logo: { name: 'logo.png', type: 'image/png', body: PNG_1PX },
        favicon: { name: 'icon.svg', type: 'image/svg+xml', body: SAFE_SVG },
      },
    );
    const response = await admin.post('/api/branding/1', payload, { headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = data(response);
    expect(body).toMatchObject({ logo_alt: 'Acme Capital' });
    expect(body.colours.secondary).toBe('#ffcc00');
    expect(body.logo).toMatch(/^\/files\/branding\/logo-[\w-]+\.png$/);
    expect(body.favicon).toMatch(/\.svg$/);
    const logo = await t.request({ url: body.logo ?? '' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(PNG_1PX)).toBe(true);
    const favicon = await t.request({ url: body.favicon ?? '' });
    expect(favicon.headers['content-security-policy']).toContain('sandbox');
  });

  it('checks files by their content and writes nothing when one is bad', async () => {
    const before = data(await t.request({ url: '/api/branding' }));
    for (const [file, message] of [
      [{ name: 'logo.png', type: 'image/png', body: NOT_AN_IMAGE }, /must be a file of type/],
      [{ name: 'logo.svg', type: 'image/svg+xml', body: SCRIPTED_SVG }, /scripts/],
    ] as const) {
      const { payload, headers } = multipartBody({ logo_alt: 'Changed' }, { logo: file });
      const response = await admin.patch('/api/branding/1', payload, { headers });
      expect(response.statusCode).toBe(422);
      expect(errors(response).logo?.[0]).toMatch(message);
    }
    expect(data(await t.request({ url: '/api/branding' }))).toMatchObject({
      logo: before.logo,
      logo_alt: before.logo_alt,
    });
  });

  it('refuses SVG logos that could run script, however it is spelt (issue 8)', async () => {
    const payloads = [
      '<svg xmlns="http://www.w3.org/2000/svg"><svg/onload=alert(1)></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect/onclick=alert(1) width="5"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="&#106;avascript:alert(1)"><rect width="5" height="5"/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="jav&#x09;ascript:alert(1)"><text>x</text></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/x.svg#a"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"></svg><body onload="alert(1)">',
    ];
    for (const svg of payloads) {
      const { payload, headers } = multipartBody(
        {},
        { logo: { name: 'logo.svg', type: 'image/svg+xml', body: Buffer.from(svg) } },
      );
      const response = await admin.patch('/api/branding/1', payload, { headers });
      expect(response.statusCode, svg).toBe(422);
      expect(errors(response).logo?.[0], svg).toMatch(/scripts or links/);
    }
    const plain = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Acme -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#123456"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><text x="1" y="5">Acme</text></svg>',
    );
    const { payload, headers } = multipartBody(
      {},
      { logo: { name: 'logo.svg', type: 'image/svg+xml', body: plain } },
    );
    const accepted = await admin.patch('/api/branding/1', payload, { headers });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const served = await t.request({ url: data(accepted).logo ?? '' });
    expect(served.rawPayload.equals(plain)).toBe(true);
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it('removes a file on request and no longer serves it', async () => {
    const before = data(await t.request({ url: '/api/branding' }));
    const removed = data(await admin.patch('/api/branding/1', { remove_logo: 'true' }));
    expect(removed.logo).toBeNull();
    expect((await t.request({ url: before.logo ?? '' })).statusCode).toBe(404);
  });

  it('lets only staff with the branding permission change it', async () => {
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.patch('/api/branding/1', { logo_alt: 'x' })).statusCode).toBe(403);
    const investor = await t.as(await createUser(t.ctx.db));
    expect((await investor.post('/api/branding', { logo_alt: 'x' })).statusCode).toBe(403);
    const visitor = t.agent();
    await visitor.csrfCookie();
    expect((await visitor.patch('/api/branding/1', { logo_alt: 'x' })).statusCode).toBe(401);
  });

  it('audits each change with before and after', async () => {
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subject_type, 'branding'));
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.some((row) => row.action === 'branding.created')).toBe(true);
  });
});

describe('terms', () => {
  beforeAll(fresh);

  it('raising the version notifies every investor, and the version cannot go down', async () => {
    const investor = await createUser(t.ctx.db);
    const quiet = await createUser(t.ctx.db, { notification_emails: false });
    const raised = await admin.patch('/api/branding/1', {
      terms_format: 'text',
      terms_text: 'New terms.',
      terms_version: 2,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(data(raised).terms_version).toBe(2);
    const sent = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'App\\Notifications\\TermsUpdated'));
    expect(sent.map((row) => row.notifiable_id)).toEqual(expect.arrayContaining([investor.id, quiet.id]));
    expect(sent[0]?.data).toMatchObject({ cta: '/terms', icon: 'default' });
    const mails = await t.ctx.db.select().from(mailOutbox);
    expect(mails.some((mail) => mail.to_address === investor.email)).toBe(true);
    expect(mails.some((mail) => mail.to_address === quiet.email)).toBe(false);
    const lower = await admin.patch('/api/branding/1', { terms_version: 1 });
    expect(lower.statusCode).toBe(422);
    expect(Object.keys(errors(lower))).toEqual(['terms_version']);
  });

  it('needs a URL when the terms are a link', async () => {
    const response = await admin.patch('/api/branding/1', { terms_format: 'url', terms_url: '' });
    expect(errors(response)).toEqual({
      terms_url: ['The terms URL field is required when the terms are a link.'],
    });
    const ok = await admin.patch('/api/branding/1', {
      terms_format: 'url',
      terms_url: 'https://example.com/terms',
    });
    expect(data(ok)).toMatchObject({ terms_format: 'url', terms_url: 'https://example.com/terms' });
  });

  it('lets a user accept the current version with the form body the spec describes, and no other user', async () => {
    const user = await createUser(t.ctx.db, { accepted_terms_version: 1 });
    const agent = await t.as(user);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const accept = await agent.post(`/api/users/${user.id}`, '_method=PATCH&accepted_terms_version=2', {
      headers: form,
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(
      (JSON.parse(accept.body) as { data: { accepted_terms_version: number } }).data.accepted_terms_version,
    ).toBe(2);
    const ahead = await agent.post(`/api/users/${user.id}`, '_method=PATCH&accepted_terms_version=3', {
      headers: form,
    });
    expect(ahead.statusCode).toBe(422);
    const other = await createUser(t.ctx.db);
    expect((await agent.patch(`/api/users/${other.id}`, { accepted_terms_version: 2 })).statusCode).toBe(404);
  });
});

describe('feature flags', () => {
  beforeAll(fresh);

  it('accepts either spelling and answers both', async () => {
    const response = await admin.patch('/api/features', { enableNominee: true, risk_warning_enabled: '1' });
    expect(response.statusCode).toBe(200);
    const body = data(response);
    expect(body).toMatchObject({
      enableNominee: true,
      nominee_enabled: true,
      enableRiskWarning: true,
      risk_warning_enabled: true,
    });
    expect(body).toMatchObject({ enableTax: false, tax_enabled: false });
    const off = data(await admin.patch('/api/features', { nominee_enabled: false }));
    expect(off).toMatchObject({ enableNominee: false, enableRiskWarning: true });
  });

  // Every flag is built since issue 21: no flag is left to refuse as not yet available.
  it('switches market sounding on and off (issue 21)', async () => {
    const on = data(await admin.patch('/api/features', { market_sounding_enabled: '1' }));
    expect(on).toMatchObject({ enableMarketSounding: true, market_sounding_enabled: true });
    const off = data(await admin.patch('/api/features', { enableMarketSounding: false }));
    expect(off).toMatchObject({ enableMarketSounding: false, market_sounding_enabled: false });
  });

  it('needs the features permission', async () => {
    const committee = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_COMMITTEE));
    expect((await committee.patch('/api/features', { enableFunds: true })).statusCode).toBe(403);
  });
});
