import type { FeatureKey } from '@portico/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { assertAccess, type Access } from '../auth/access';
import { routeRulesOf } from '../auth/route-rules';
import { loadSessionUser } from '../auth/session-user';
import type { Session } from '../auth/sessions';
import type { Actor } from '../audit/audit';
import { safeEqual } from '../crypto';
import { csrfMismatch, maintenance, notFound, tooManyAttempts, validationError } from './errors';
import { rejectUnstorableText } from './input-guard';

/** Routes import it from here with the rest of the request helpers; it lives beside the access rules. */
export { requireUser } from '../auth/access';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** the route answers 404 while this feature is switched off (spec §2.1) */
    feature?: FeatureKey;
    /** a PATCH or PUT that may change only its files (a logo, an image): a file alone is a change */
    takesFiles?: boolean;
  }
  interface FastifyRequest {
    session: Session | null;
    user: UserRow | null;
    csrfPending: boolean;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const API_DECAY_SECONDS = 60;
export const NOTHING_TO_CHANGE = 'Give at least one field to change.';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  /** the rules the route adds to its access before the body is read (route-rules.ts), in words */
  also: string[];
}

export const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.user?.id ?? null,
  requestId: request.id,
  ip: request.ip,
});

export const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

function headerToken(request: FastifyRequest): string | undefined {
  const xsrf = request.headers['x-xsrf-token'];
  if (typeof xsrf === 'string' && xsrf !== '') {
    try {
      return decodeURIComponent(xsrf);
    } catch {
      return xsrf;
    }
  }
  const csrf = request.headers['x-csrf-token'];
  return typeof csrf === 'string' && csrf !== '' ? csrf : undefined;
}

/** Bodies whose parsers cannot nest request-chosen keys: fast-querystring and secure-json-parse. */
function mayCarryBodyToken(request: FastifyRequest): boolean {
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('application/json');
}

function checkToken(request: FastifyRequest, token: string | undefined) {
  const expected = request.session?.data.csrf_token;
  if (!expected || !token || !safeEqual(token, expected)) throw csrfMismatch();
}

/** Writes the session and XSRF cookies on every answer of a request that has a session. */
export function writeSessionCookies(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const { config, sessions } = ctx;
  const common = {
    path: '/',
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: sessions.ttlSeconds,
  } as const;
  if (!request.session) return;
  reply.setCookie(config.SESSION_COOKIE, request.session.token, { ...common, httpOnly: true });
  reply.setCookie(XSRF_COOKIE, request.session.data.csrf_token, { ...common, httpOnly: false });
}

/**
 * The API kernel: every route registered inside gets maintenance, session, CSRF and access checks,
 * and must declare its access, or start-up fails.
 */
export interface KernelOptions {
  /** whether a feature is on now (the branding record's flags) */
  isFeatureEnabled: (feature: FeatureKey) => Promise<boolean>;
}

export function apiKernel(
  ctx: AppContext,
  modules: FastifyPluginAsync[],
  registry: RegisteredRoute[],
  options: KernelOptions,
) {
  return async (api: FastifyInstance) => {
    api.decorateRequest('session', null);
    api.decorateRequest('user', null);
    api.decorateRequest('csrfPending', false);

    api.addHook('onRoute', (route) => {
      const rule = route.config?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!rule)
        throw new Error(
          `${methods.join(',')} ${route.url} declares no access: give it access.public, access.authenticated, access.investor, access.staff or access.permission(resource, action)`,
        );
      const also = routeRulesOf(route.onRequest).map((extra) => extra.statement);
      for (const method of methods)
        if (method !== 'HEAD') registry.push({ method, url: route.url, access: rule, also });
    });

    api.addHook('onRequest', async (request, reply) => {
      if (await ctx.maintenance.isDown()) throw maintenance();
      const feature = request.routeOptions.config.feature;
      if (feature && !(await options.isFeatureEnabled(feature))) throw notFound();

      const session = await ctx.sessions.load(request.cookies[ctx.config.SESSION_COOKIE]);
      if (session) {
        const userId = session.data.user_id;
        const user = userId === null ? null : await loadSessionUser(ctx.db, userId);
        if (userId !== null && !user) {
          await ctx.sessions.destroy(session);
        } else {
          request.session = session;
          request.user = user;
          await ctx.sessions.touch(session);
        }
      }

      await throttle(ctx, request, reply);

      // CSRF is checked here, before any body is parsed (docs/decisions/008-csrf-before-body-parsing.md).
      // Only a urlencoded or JSON body may carry Laravel's `_token` field instead of a header: their
      // parsers build flat or prototype-safe objects, so the field is read in preValidation. Any other
      // body (multipart above all) without a header token is refused unread.
      if (!SAFE_METHODS.has(request.method)) {
        const token = headerToken(request);
        if (token !== undefined) checkToken(request, token);
        else if (mayCarryBodyToken(request)) request.csrfPending = true;
        else throw csrfMismatch();
      }

      const rule = request.routeOptions.config.access;
      if (rule) assertAccess(rule, request.user);
    });

    // Laravel also accepts the token as a `_token` body field; bodies are parsed by now. Text that no
    // column can hold (a NUL character) is refused on its field rather than failing in the database.
    api.addHook('preValidation', async (request) => {
      if (request.csrfPending) {
        const body = request.body as { _token?: unknown } | undefined;
        checkToken(request, typeof body?._token === 'string' ? body._token : undefined);
      }
      rejectUnstorableText(request.body, request.query);
    });

    // One rule for every PATCH and PUT (issue 8): after validation has dropped unknown keys, a body
    // with no field left is a 422, never an UPDATE with nothing to set; a file counts only on a route
    // that takes files (a file sent to any other is dropped, like an unknown field).
    api.addHook('preHandler', async (request) => {
      if (request.method !== 'PATCH' && request.method !== 'PUT') return;
      if (!request.routeOptions.schema?.body) return;
      if (request.routeOptions.config.takesFiles && Object.keys(request.uploads).length > 0) return;
      const body: unknown = request.body;
      const empty =
        body === undefined ||
        body === null ||
        (typeof body === 'object' &&
          !Array.isArray(body) &&
          Object.values(body).every((value) => value === undefined));
      if (empty) throw validationError({ body: [NOTHING_TO_CHANGE] });
    });

    api.addHook('onSend', async (request, reply) => {
      writeSessionCookies(ctx, request, reply);
      // API answers are per user and per moment: no browser or proxy may keep one (issue 8).
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.includes('json')) reply.header('cache-control', 'no-store');
    });

    for (const module of modules) await api.register(module);
  };
}

/**
 * Laravel's `throttle:api`: API_RATE_LIMIT requests a minute per signed-in user, per IP for guests,
 * counted in the shared store so every node counts alike. Answers carry X-RateLimit-Limit and
 * -Remaining; past the limit a 429 with Retry-After and X-RateLimit-Reset (API-CONTRACT §1.4).
 */
async function throttle(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const limit = ctx.config.API_RATE_LIMIT;
  if (limit === 0) return;
  const key = request.user ? `api:user:${request.user.id}` : `api:ip:${request.ip}`;
  const { count, ttlSeconds } = await ctx.rateLimiter.hit(key, API_DECAY_SECONDS);
  const remaining = Math.max(0, limit - count);
  if (count > limit) throw tooManyAttempts(ttlSeconds, undefined, limit);
  reply.header('x-ratelimit-limit', String(limit)).header('x-ratelimit-remaining', String(remaining));
}

/** Makes a fresh session (and its user) the request's, so its cookies go out with the answer. */
export function adoptSession(request: FastifyRequest, signedIn: { session: Session; user: UserRow | null }) {
  request.session = signedIn.session;
  request.user = signedIn.user;
}
