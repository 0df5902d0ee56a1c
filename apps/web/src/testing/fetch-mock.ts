import { vi } from 'vitest';

export type MockReply =
  Response | Promise<Response> | ((request: RecordedRequest) => Response | Promise<Response>);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** JSON bodies parsed; a form body as its string; multipart as the FormData sent */
  body: unknown;
  signal: AbortSignal | undefined;
}

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A fetch that never answers until its signal aborts (the client's timeout). */
export function hang(request: RecordedRequest): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal?.addEventListener('abort', () => reject(request.signal?.reason as Error));
  });
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    headers[key] = value;
  });
  return headers;
}

function bodyOf(body: RequestInit['body'], contentType: string | undefined): unknown {
  if (typeof body === 'string') {
    return contentType?.includes('json') ? (JSON.parse(body) as unknown) : body;
  }
  return body instanceof FormData ? body : undefined;
}

/**
 * Replaces the global fetch. Routes are "METHOD /path" (query strings ignored unless the key has one);
 * a route given a list answers with its replies in turn, repeating the last.
 */
export function mockFetch(routes: Record<string, MockReply | MockReply[]>) {
  const calls: RecordedRequest[] = [];
  const used = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = headersOf(init);
    const request: RecordedRequest = {
      method,
      path: `${parsed.pathname}${parsed.search}`,
      headers,
      body: bodyOf(init?.body, headers['content-type']),
      signal: init?.signal ?? undefined,
    };
    calls.push(request);
    const key =
      [`${method} ${parsed.pathname}${parsed.search}`, `${method} ${parsed.pathname}`].find(
        (k) => k in routes,
      ) ?? undefined;
    if (key === undefined) return json(404, { message: `No mock for ${method} ${request.path}` });
    const configured = routes[key];
    const replies = Array.isArray(configured) ? configured : [configured];
    const index = used.get(key) ?? 0;
    used.set(key, index + 1);
    const reply = replies[Math.min(index, replies.length - 1)];
    if (reply === undefined) return json(404, { message: 'empty mock' });
    const response = typeof reply === 'function' ? reply(request) : reply;
    const resolved = await response;
    // A Response body can be read once: hand out a copy so a route can answer many times.
    return resolved.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path.split('?')[0] === path),
  };
}

/** Sets the XSRF cookie as the server's csrf-cookie answer would. */
export function setXsrfCookie(value: string) {
  document.cookie = `XSRF-TOKEN=${encodeURIComponent(value)}; path=/`;
}

export function csrfCookieReply(value = 'token-1'): () => Response {
  return () => {
    setXsrfCookie(value);
    return json(204);
  };
}

/**
 * AbortSignal.timeout runs on the platform's own clock, which fake timers do not move: route it
 * through setTimeout so a test can advance the 5 s timeout. Returns the spy.
 */
export function fakeTimeoutSignals() {
  return vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
    return controller.signal;
  });
}
