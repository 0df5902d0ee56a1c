import { createHash } from 'node:crypto';
import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

/** Issue 8, item 7 (a) and (b): no API answer is cached; the API reference has a CSP of its own. */
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

describe('Cache-Control on API answers', () => {
  it('is no-store on every JSON answer of the API kernel, signed in or not, success or error', async () => {
    const answers = [
      await admin.get('/api/user'),
      await admin.get('/api/admin-accounts'),
      await admin.get('/api/investors/999999'),
      await admin.post('/api/lead-statuses', {}),
      await t.request({ url: '/api/user', headers: { accept: 'application/json' } }),
      await t.request({ url: '/api/branding' }),
      await t.agent().post('/login', { email: 'nobody@example.test', password: 'x' }),
    ];
    for (const response of answers) {
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['cache-control'], response.body).toBe('no-store');
    }
  });
});

describe('the API reference at /api/docs', () => {
  it('has a policy allowing only its bundle and its own start-up script', async () => {
    const response = await t.request({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers['content-security-policy']);
    const inline = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(inline).toContain('createApiReference');
    const hash = createHash('sha256').update(inline, 'utf8').digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    // Everything else keeps the app-wide policy.
    const api = await t.request({ url: '/api/branding' });
    expect(String(api.headers['content-security-policy'])).toContain("script-src 'self';");
  });
});
