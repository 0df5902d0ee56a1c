import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

describe('the API limit (API-CONTRACT §1.4: throttle per user, per IP for guests)', () => {
  it('counts each signed-in user apart and answers 429 with Retry-After past the limit', async () => {
    // Signing in (two requests) counts against this machine's address, as a guest's requests do.
    const signIn = async (user: Parameters<TestApp['as']>[0]) => {
      const agent = await t.as(user);
      await t.ctx.rateLimiter.clear('api:ip:127.0.0.1');
      return agent;
    };
    const admin = await signIn(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
    const investor = await signIn(await createUser(t.ctx.db));

    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await admin.get('/api/user');
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBe('3');
      remaining.push(String(response.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);

    const refused = await admin.get('/api/user');
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ message: 'Too Many Attempts.' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    // Past the limit no body is read (issue 17): an invalid or unreadable one hears the same 429.
    for (const [payload, type] of [
      ['"not an object"', 'application/json'],
      ['x', 'multipart/form-data'],
    ])
      expect(
        (await admin.post('/api/pipelines', payload, { headers: { 'content-type': type } })).statusCode,
      ).toBe(429);

    // Another user has their own allowance.
    expect((await investor.get('/api/user')).statusCode).toBe(200);
  });

  it('counts guests by address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await t.request({ method: 'GET', url: '/api/user', remoteAddress: '203.0.113.9' })).statusCode,
      );
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const other = await t.request({ method: 'GET', url: '/api/user', remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(401);
  });
});
