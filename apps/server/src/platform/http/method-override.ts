import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorBody } from '@portico/contracts';

/**
 * Laravel's method spoofing (API-CONTRACT.md §1.5): a POST carrying `_method` is routed as PUT, PATCH
 * or DELETE. The header X-HTTP-Method-Override wins, then the `_method` field of a form, multipart or
 * JSON body, then `?_method=`. It runs before routing and CSRF, so the body is read here, then put back
 * on the stream for Fastify to parse as usual.
 */
const SPOOFABLE = new Set(['PUT', 'PATCH', 'DELETE']);

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface StreamState {
  ended?: boolean;
}

function finished(req: IncomingMessage): boolean {
  const state = (req as unknown as { _readableState?: StreamState })._readableState;
  return req.complete || state?.ended === true;
}

/** Reads the whole body, then unshifts it so the stream can be read again. Null when over the limit. */
function peekBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: Buffer | null) => {
      req.removeListener('readable', onReadable);
      req.removeListener('error', onError);
      if (chunks.length > 0) req.unshift(Buffer.concat(chunks));
      resolve(result);
    };
    const onError = (error: Error) => {
      req.removeListener('readable', onReadable);
      reject(error);
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while ((chunk = req.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        size += chunk.length;
        if (size > limit) return done(null);
      }
      if (finished(req)) done(Buffer.concat(chunks));
    };
    req.on('error', onError);
    req.on('readable', onReadable);
  });
}

function methodInBody(body: Buffer, contentType: string): string | undefined {
  if (contentType.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      if (parsed && typeof parsed === 'object' && '_method' in parsed) {
        const value = parsed._method;
        return typeof value === 'string' ? value : undefined;
      }
    } catch {
      // The JSON parser reports the syntax error once the request is routed.
    }
    return undefined;
  }
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return new URLSearchParams(body.toString('utf8')).get('_method') ?? undefined;
  }
  if (contentType.includes('multipart/form-data')) {
    const match = /name="_method"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r\n]*)\r\n/.exec(body.toString('latin1'));
    return match?.[1];
  }
  return undefined;
}

function methodInQuery(url: string | undefined): string | undefined {
  const query = url?.split('?')[1];
  return query ? (new URLSearchParams(query).get('_method') ?? undefined) : undefined;
}

export async function spoofMethod(req: IncomingMessage, bodyLimit: number): Promise<void> {
  if (req.method !== 'POST') return;
  const header = req.headers['x-http-method-override'];
  let method = typeof header === 'string' ? header : undefined;
  const contentType = req.headers['content-type'] ?? '';
  const hasBody =
    req.headers['content-length'] !== '0' &&
    (req.headers['content-length'] || req.headers['transfer-encoding']);
  if (!method && hasBody && /json|x-www-form-urlencoded|multipart\/form-data/.test(contentType)) {
    const body = await peekBody(req, bodyLimit);
    if (body) method = methodInBody(body, contentType);
  }
  method ??= methodInQuery(req.url);
  const upper = method?.toUpperCase();
  if (upper && SPOOFABLE.has(upper)) req.method = upper;
}

/** Wraps Fastify's router so both the HTTP server and app.inject go through method spoofing. */
export function withMethodOverride(route: Handler, bodyLimit: number): Handler {
  return (req, res) => {
    spoofMethod(req, bodyLimit).then(
      () => route(req, res),
      () => {
        // The body stream failed before routing (the client went away): Fastify never sees it.
        const body: ErrorBody = { message: 'The request body could not be read.', code: 'MALFORMED_BODY' };
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
    );
  };
}
