import { pino, type DestinationStream, type Logger } from 'pino';

/** Where a part that carries on by itself (a pool, a Redis client, the realtime fan-out) reports trouble. */
export type WarnLog = Pick<Logger, 'warn'>;

const SECRET_QUERY = /([?&](?:token|signature|email|password)=)[^&]*/gi;

/** Request URLs without the secrets that links carry (reset tokens, signatures, addresses). */
export const safeUrl = (url: string | undefined) => (url ?? '').replace(SECRET_QUERY, '$1[redacted]');

/** Structured JSON logs; never a password, token or cookie. Fastify adds the request id (reqId). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-xsrf-token"]',
          'req.headers["x-csrf-token"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.password_confirmation',
          '*.current_password',
          '*.token',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: {
          method?: string;
          url?: string;
          ip?: string;
          headers?: Record<string, unknown>;
        }) => ({
          method: request.method,
          url: safeUrl(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers?.['user-agent'],
        }),
      },
    },
    destination,
  );
}
