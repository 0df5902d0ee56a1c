import { LOGOUT_PATH, REQUEST_TIMEOUT_MS } from '../config/app';
import { ApiError } from './api-error';
import { browser } from './browser';

/** Anything with a zod-style `parse`: the contract's schemas check every answer (STYLE.md: parse at every boundary). */
export interface Parser<T> {
  parse(input: unknown): T;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /**
   * JSON by default; a FormData goes as multipart (uploads), URLSearchParams as a form body (the terms
   * acceptance of spec §7).
   */
  body?: unknown;
  /** Cancels the call (TanStack Query passes one); the 5 s timeout always applies as well. */
  signal?: AbortSignal | undefined;
  /**
   * A 401 normally ends the session at /api/logout (spec §8). The session probe turns this off: for it a
   * 401 only means "logged out".
   */
  redirectOnUnauthorized?: boolean;
  /** Report a redirect as ApiError 302 instead of following it (POST /login while already signed in). */
  manualRedirect?: boolean;
  /** Extra request headers (an investment's Idempotency-Key); they never replace the client's own. */
  headers?: Record<string, string>;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';
const SAFE_METHODS: ReadonlySet<Method> = new Set(['GET']);

/** The URL-decoded XSRF-TOKEN cookie, as axios sends it. */
export function readXsrfToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== XSRF_COOKIE) continue;
    const raw = rest.join('=');
    if (raw === '') return undefined;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

let csrfInFlight: Promise<void> | undefined;

/** GET /sanctum/csrf-cookie; concurrent callers share one request. */
export function refreshCsrfCookie(): Promise<void> {
  csrfInFlight ??= send('GET', CSRF_COOKIE_PATH, {})
    .then(async (response) => {
      if (!response.ok) throw await errorFrom(response);
    })
    .finally(() => {
      csrfInFlight = undefined;
    });
  return csrfInFlight;
}

async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const init: RequestInit = {
    method,
    headers,
    credentials: 'include',
    signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
    redirect: options.manualRedirect ? 'manual' : 'follow',
  };
  if (options.body instanceof FormData) {
    // The browser writes the multipart boundary into the content type itself.
    init.body = options.body;
  } else if (options.body instanceof URLSearchParams) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    init.body = options.body.toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (!SAFE_METHODS.has(method)) {
    const token = readXsrfToken();
    if (token !== undefined) headers[XSRF_HEADER] = token;
  }
  try {
    return await fetch(path, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) {
      // Spec §8: with no response, the call rejects with the word "timeout".
      throw new ApiError({ status: 0, kind: 'timeout', message: 'timeout' });
    }
    throw new ApiError({ status: 0, kind: 'network', message: 'The server could not be reached.' });
  }
}

function fieldErrorsOf(value: unknown): Record<string, string[]> | string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (typeof messages === 'string') errors[field] = [messages];
    else if (Array.isArray(messages))
      errors[field] = messages.filter((message): message is string => typeof message === 'string');
  }
  return errors;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseJson(await response.text());
}

/** A Laravel error body (message, code, errors) as an ApiError. */
function errorOf(status: number, statusText: string, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof record.message === 'string' && record.message !== ''
      ? record.message
      : statusText || `Request failed with status ${status}`;
  return new ApiError({
    status,
    message,
    code: typeof record.code === 'string' ? record.code : undefined,
    errors: fieldErrorsOf(record.errors),
  });
}

async function errorFrom(response: Response): Promise<ApiError> {
  return errorOf(response.status, response.statusText, await readJson(response));
}

async function request(method: Method, path: string, options: RequestOptions = {}): Promise<unknown> {
  const unsafe = !SAFE_METHODS.has(method);
  if (unsafe && readXsrfToken() === undefined) await refreshCsrfCookie();

  let response = await send(method, path, options);
  if (response.status === 419 && unsafe) {
    // The token rotated (login, logout, expiry): fetch a fresh one and try once more.
    await refreshCsrfCookie();
    response = await send(method, path, options);
  }

  if (options.manualRedirect && response.type === 'opaqueredirect') {
    throw new ApiError({ status: 302, message: 'Redirected.' });
  }
  if (response.status === 401 && options.redirectOnUnauthorized !== false) {
    browser.assign(LOGOUT_PATH);
  }
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined;
  return readJson(response);
}

function parsed<T>(status: Promise<unknown>, parser: Parser<T> | undefined): Promise<T> {
  return status.then((body) => {
    if (!parser) return body as T;
    try {
      return parser.parse(body);
    } catch (error) {
      console.error('Unexpected answer from the server', error);
      throw new ApiError({
        status: 200,
        message: 'The server sent an answer this page does not understand.',
      });
    }
  });
}

/** How far an upload's request body has gone. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal | undefined;
}

/**
 * An upload gives up when it stops moving for this long. Spec §9's 5 s is how long a page waits to
 * load; a large file may take minutes, and is fine as long as it keeps going.
 */
export const UPLOAD_STALL_TIMEOUT_MS = 30_000;

interface Answer {
  status: number;
  statusText: string;
  text: string;
}

/** fetch cannot report how much of a request body has been sent; XMLHttpRequest can. */
function sendWithProgress(path: string, body: FormData, options: UploadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    let stalled = false;
    const onAbort = () => xhr.abort();
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, UPLOAD_STALL_TIMEOUT_MS);
    };
    const settle = () => {
      clearTimeout(stall);
      options.signal?.removeEventListener('abort', onAbort);
    };

    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = readXsrfToken();
    if (token !== undefined) xhr.setRequestHeader(XSRF_HEADER, token);

    xhr.upload.addEventListener('progress', (event) => {
      watch();
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('progress', watch);
    xhr.addEventListener('load', () => {
      settle();
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError({ status: 0, kind: 'network', message: 'The server could not be reached.' }));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(
        stalled
          ? new ApiError({ status: 0, kind: 'timeout', message: 'timeout' })
          : new DOMException('The upload was cancelled.', 'AbortError'),
      );
    });

    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', onAbort);
    watch();
    xhr.send(body);
  });
}

/** A multipart POST that reports its progress, with the same XSRF, 419 and 401 rules as every call. */
async function upload(path: string, body: FormData, options: UploadOptions): Promise<unknown> {
  if (readXsrfToken() === undefined) await refreshCsrfCookie();
  let answer = await sendWithProgress(path, body, options);
  if (answer.status === 419) {
    await refreshCsrfCookie();
    answer = await sendWithProgress(path, body, options);
  }
  if (answer.status === 401) browser.assign(LOGOUT_PATH);
  const parsedBody = parseJson(answer.text);
  if (answer.status < 200 || answer.status >= 300) {
    throw errorOf(answer.status, answer.statusText, parsedBody);
  }
  return parsedBody;
}

/** The one HTTP client (spec §7): same origin, credentials, XSRF, 5 s timeout, 401 → /api/logout. */
export const api = {
  get<T = unknown>(path: string, parser?: Parser<T>, options?: RequestOptions): Promise<T> {
    return parsed(request('GET', path, options), parser);
  },
  post<T = unknown>(path: string, body?: unknown, parser?: Parser<T>, options?: RequestOptions): Promise<T> {
    return parsed(request('POST', path, { ...options, body }), parser);
  },
  patch<T = unknown>(path: string, body?: unknown, parser?: Parser<T>, options?: RequestOptions): Promise<T> {
    return parsed(request('PATCH', path, { ...options, body }), parser);
  },
  put<T = unknown>(path: string, body?: unknown, parser?: Parser<T>, options?: RequestOptions): Promise<T> {
    return parsed(request('PUT', path, { ...options, body }), parser);
  },
  delete<T = unknown>(path: string, parser?: Parser<T>, options?: RequestOptions): Promise<T> {
    return parsed(request('DELETE', path, options), parser);
  },
  /** POST a FormData with upload progress (documents). */
  upload<T = unknown>(
    path: string,
    body: FormData,
    parser?: Parser<T>,
    options: UploadOptions = {},
  ): Promise<T> {
    return parsed(upload(path, body, options), parser);
  },
};
