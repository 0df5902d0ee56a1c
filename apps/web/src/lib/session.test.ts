import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTimeoutSignals, hang, json, mockFetch } from '../testing/fetch-mock';
import { buildUser } from '../testing/fixtures';
import { browser } from './browser';
import { fetchSession } from './session';

afterEach(() => {
  vi.useRealTimers();
});

describe('the session call (spec §4, §8)', () => {
  it('200 means logged in, with the user from data', async () => {
    const user = buildUser({ name: 'Olivia Carter', role_id: 5 });
    const { calls } = mockFetch({ 'GET /api/user': json(200, { data: user }) });
    await expect(fetchSession()).resolves.toEqual({ status: 'authenticated', user });
    expect(calls[0]?.headers.accept).toBe('application/json');
  });

  it('503 means maintenance', async () => {
    mockFetch({ 'GET /api/user': json(503, { message: 'Service Unavailable' }) });
    await expect(fetchSession()).resolves.toEqual({ status: 'maintenance' });
  });

  it('no answer within 5 s means maintenance', async () => {
    vi.useFakeTimers();
    const timeout = fakeTimeoutSignals();
    mockFetch({ 'GET /api/user': hang });
    const pending = fetchSession();
    await vi.advanceTimersByTimeAsync(4_900);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await expect(pending).resolves.toEqual({ status: 'maintenance' });
    expect(timeout).toHaveBeenCalledWith(5_000);
  });

  it('an unreachable server means maintenance', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchSession()).resolves.toEqual({ status: 'maintenance' });
  });

  it('401 means logged out, without the logout redirect other calls get', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/user': json(401, { message: 'Unauthenticated.' }) });
    await expect(fetchSession()).resolves.toEqual({ status: 'guest' });
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([403, 404, 419, 500])('any other answer (%i) means logged out', async (status) => {
    mockFetch({ 'GET /api/user': json(status, { message: 'Nope' }) });
    await expect(fetchSession()).resolves.toEqual({ status: 'guest' });
  });
});
