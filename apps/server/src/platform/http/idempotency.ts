import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { idempotencyKeys } from '../../db/schema';
import { requireUser } from '../auth/access';
import { fieldError, HttpError } from './errors';

/** How long a key answers its first request again (decision 019). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_REUSED =
  'This Idempotency-Key was already used for a different request: send a new key for a new request.';
export const KEY_IN_FLIGHT =
  'A request with this Idempotency-Key is still being processed: wait for its answer, then retry.';

/** The key as sent (the last one when repeated), or undefined. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  return Array.isArray(header) ? header.at(-1) : header;
}

/** JSON with object keys sorted, so the same body hashes the same whatever the order it was sent in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

export const hashOf = (body: unknown) =>
  createHash('sha256')
    .update(canonical(body ?? null))
    .digest('hex');

export interface Idempotency {
  /**
   * Runs a state-changing route once per signed-in user and `Idempotency-Key` (decision 019). Without the
   * header the handler simply runs. With it: the first request claims the key (in flight), runs, and
   * stores its status and body; a replay with the same key, method, path and body answers the stored
   * response (header `idempotent-replayed: true`); the same key with another request is a 422 on
   * `idempotency_key`; a duplicate while the first is still running is a 409. A refused request (any
   * error) stores nothing, so the key may be retried once the cause is fixed. Keys expire after 24 hours.
   */
  run<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    handler: () => Promise<T>,
    words?: { reused?: string },
  ): Promise<FastifyReply>;
}

export function createIdempotency(ctx: Pick<AppContext, 'db' | 'clock'>): Idempotency {
  const { db, clock } = ctx;
  return {
    async run(request, reply, status, handler, words) {
      const key = idempotencyKeyOf(request);
      if (key === undefined) return reply.code(status).send(await handler());
      if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX)
        throw fieldError(
          'idempotency_key',
          `The Idempotency-Key header must have between 1 and ${IDEMPOTENCY_KEY_MAX} characters.`,
        );
      const user = requireUser(request);
      const method = request.method;
      const path = request.url.split('?')[0] ?? request.url;
      const bodyHash = hashOf(request.body);
      const now = clock.now();
      const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_SECONDS * 1000);
      const where = and(eq(idempotencyKeys.user_id, user.id), eq(idempotencyKeys.key, key));
      const claimed = await db.transaction(async (tx) => {
        await tx.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.created_at, expired)));
        const rows = await tx
          .insert(idempotencyKeys)
          .values({ user_id: user.id, key, method, path, body_hash: bodyHash, created_at: now })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        return rows.length > 0;
      });
      if (!claimed) {
        const [first] = await db.select().from(idempotencyKeys).where(where);
        if (!first) throw new HttpError(409, KEY_IN_FLIGHT, 'CONFLICT');
        if (first.method !== method || first.path !== path || first.body_hash !== bodyHash)
          throw fieldError('idempotency_key', words?.reused ?? KEY_REUSED);
        if (first.status_code === null || first.response_body === null)
          throw new HttpError(409, KEY_IN_FLIGHT, 'CONFLICT');
        return reply
          .code(first.status_code)
          .header('idempotent-replayed', 'true')
          .send(JSON.parse(first.response_body) as unknown);
      }
      let body: unknown;
      try {
        body = await handler();
      } catch (error) {
        await db.delete(idempotencyKeys).where(where);
        throw error;
      }
      await db
        .update(idempotencyKeys)
        .set({ status_code: status, response_body: JSON.stringify(body) })
        .where(where);
      return reply.code(status).send(body);
    },
  };
}
