import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  csrfCookieReply,
  fakeTimeoutSignals,
  hang,
  json,
  mockFetch,
  setXsrfCookie,
} from '../testing/fetch-mock';
import { mockXhr } from '../testing/xhr-mock';
import { api } from './api-client';
import { ApiError } from './api-error';
import { browser } from './browser';

afterEach(() => {
  vi.useRealTimers();
});

describe('the HTTP client (spec §7, API-CONTRACT.md §1)', () => {
  it('fetches the CSRF cookie before the first unsafe call and sends it back decoded', async () => {
    const { calls } = mockFetch({
      'GET /sanctum/csrf-cookie': csrfCookieReply('abc/def=='),
      'POST /password/email': json(200, { status: 'sent' }),
    });
    await expect(api.post('/password/email', { email: 'a@b.c' })).resolves.toEqual({ status: 'sent' });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /password/email',
    ]);
    expect(calls[1]?.headers['x-xsrf-token']).toBe('abc/def==');
    expect(calls[1]?.body).toEqual({ email: 'a@b.c' });
  });

  it('does not ask for the cookie again while it has one, and never sends it on GET', async () => {
    setXsrfCookie('present');
    const { calls } = mockFetch({
      'POST /email/resend': json(200, { status: 'ok' }),
      'GET /api/x': json(200, {}),
    });
    await api.post('/email/resend');
    await api.get('/api/x');
    expect(calls.map((call) => call.path)).toEqual(['/email/resend', '/api/x']);
    expect(calls[0]?.headers['x-xsrf-token']).toBe('present');
    expect(calls[1]?.headers['x-xsrf-token']).toBeUndefined();
  });

  it('on 419 fetches a fresh cookie and retries once', async () => {
    setXsrfCookie('stale');
    const { calls } = mockFetch({
      'GET /sanctum/csrf-cookie': csrfCookieReply('fresh'),
      'POST /logout': [json(419, { message: 'CSRF token mismatch.' }), json(204)],
    });
    await expect(api.post('/logout')).resolves.toBeUndefined();
    expect(calls.map((call) => `${call.method} ${call.path} ${call.headers['x-xsrf-token'] ?? ''}`)).toEqual([
      'POST /logout stale',
      'GET /sanctum/csrf-cookie ',
      'POST /logout fresh',
    ]);
  });

  it('retries a 419 only once', async () => {
    setXsrfCookie('stale');
    const { callsTo } = mockFetch({
      'GET /sanctum/csrf-cookie': csrfCookieReply('still-bad'),
      'POST /logout': json(419, { message: 'CSRF token mismatch.' }),
    });
    await expect(api.post('/logout')).rejects.toMatchObject({ status: 419, message: 'CSRF token mismatch.' });
    expect(callsTo('POST', '/logout')).toHaveLength(2);
  });

  it('a 401 on any call ends the session at /api/logout', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/admin-accounts': json(401, { message: 'Unauthenticated.' }) });
    await expect(api.get('/api/admin-accounts')).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/api/logout');
  });

  it('rejects with the status, message and field errors of a Laravel body', async () => {
    setXsrfCookie('t');
    mockFetch({
      'POST /register': json(422, {
        message: 'The email has already been taken.',
        code: 'VALIDATION_FAILED',
        errors: { email: ['The email has already been taken.'] },
      }),
    });
    const error = await api.post('/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
  });

  it('gives up after 5 s with the word "timeout"', async () => {
    vi.useFakeTimers();
    const timeout = fakeTimeoutSignals();
    mockFetch({ 'GET /api/stats/overview': hang });
    const pending = api.get('/api/stats/overview').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await pending;
    expect(timeout).toHaveBeenCalledWith(5_000);
    expect(error).toMatchObject({ status: 0, kind: 'timeout', message: 'timeout' });
  });

  it('checks answers against the contract schema', async () => {
    mockFetch({ 'GET /api/thing': json(200, { data: 'not a number' }) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const parser = {
      parse(input: unknown) {
        if (typeof (input as { data?: unknown }).data !== 'number') throw new Error('bad');
        return input;
      },
    };
    await expect(api.get('/api/thing', parser)).rejects.toBeInstanceOf(ApiError);
  });

  it('sends URLSearchParams as a form body and FormData as multipart, with the XSRF header', async () => {
    setXsrfCookie('present');
    const { calls } = mockFetch({
      'POST /api/users/7': json(200, { data: {} }),
      'PATCH /api/branding/1': json(200, { data: {} }),
    });
    await api.post('/api/users/7', new URLSearchParams({ _method: 'PATCH', accepted_terms_version: '2' }));
    const files = new FormData();
    files.append('colours[primary]', '#112233');
    await api.patch('/api/branding/1', files);
    expect(calls[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(calls[0]?.body).toBe('_method=PATCH&accepted_terms_version=2');
    expect(calls[0]?.headers['x-xsrf-token']).toBe('present');
    // The browser writes the multipart content type and its boundary itself.
    expect(calls[1]?.headers['content-type']).toBeUndefined();
    expect((calls[1]?.body as FormData).get('colours[primary]')).toBe('#112233');
  });
});

describe('uploads with progress (XMLHttpRequest)', () => {
  it('sends the XSRF token with the cookies, reports progress and parses the answer', async () => {
    const xhr = mockXhr();
    setXsrfCookie('upload-token');
    const progress: number[] = [];
    const form = new FormData();
    form.append('files', new File(['x'], 'a.pdf'));
    const done = api.upload('/api/investors/7/documents', form, undefined, {
      onProgress: ({ loaded, total }) => progress.push(loaded / total),
    });
    await vi.waitFor(() => expect(xhr.last()).toBeDefined());
    const request = xhr.last();
    expect(request?.headers['x-xsrf-token']).toBe('upload-token');
    expect(request?.withCredentials).toBe(true);
    request?.progress(1, 4);
    request?.progress(4, 4);
    request?.respond(201, { data: [] });
    await expect(done).resolves.toEqual({ data: [] });
    expect(progress).toEqual([0.25, 1]);
  });

  it('retries once with a fresh token on 419, and rejects a 422 with its field errors', async () => {
    const xhr = mockXhr();
    setXsrfCookie('stale');
    mockFetch({ 'GET /sanctum/csrf-cookie': csrfCookieReply('fresh') });
    const done = api.upload('/api/investors/7/documents', new FormData());
    await vi.waitFor(() => expect(xhr.requests).toHaveLength(1));
    xhr.requests[0]?.respond(419, { message: 'CSRF token mismatch.' });
    await vi.waitFor(() => expect(xhr.requests).toHaveLength(2));
    expect(xhr.requests[1]?.headers['x-xsrf-token']).toBe('fresh');
    xhr.requests[1]?.respond(422, { message: 'Bad file.', errors: { 'files.0': ['Bad file.'] } });
    const error: unknown = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).errors).toEqual({ 'files.0': ['Bad file.'] });
  });
});
