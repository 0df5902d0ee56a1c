import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../auth/access';
import { routeRulesOf } from '../auth/route-rules';
import { listQueryRegistry } from '../list-query/http';
import { listQueryParameters } from '../list-query/openapi';

/** The sentence each operation's description ends with: who may call it. */
function describeAccess(rule: Access): string {
  switch (rule.kind) {
    case 'public':
      return 'Access: anyone (no session needed).';
    case 'authenticated':
      return 'Access: any signed-in user.';
    case 'investor':
      return 'Access: investors (role 5) with a verified email.';
    case 'staff':
      return 'Access: any staff role.';
    case 'permission':
      return `Access: staff whose role has \`${rule.resource}.${rule.action}\` in the permission table.`;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The operation's `security`: a session unless the route is public, and the XSRF header on every
 * method that changes something (the kernel checks CSRF on public routes too, /login among them).
 */
function securityOf(rule: Access, method: string): Array<Record<string, string[]>> {
  const requirement: Record<string, string[]> = {};
  if (rule.kind !== 'public') requirement.session = [];
  if (!SAFE_METHODS.has(method.toUpperCase())) requirement.xsrf = [];
  return Object.keys(requirement).length > 0 ? [requirement] : [];
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** A list route's query as one parameter per name its parser allows, from its list-query spec. */
function withListParameters(input: TransformInput, schema: FastifySchema): FastifySchema {
  const querystring: unknown = input.schema.querystring;
  const declaration = querystring instanceof z.ZodType ? listQueryRegistry.get(querystring) : undefined;
  if (!declaration) return schema;
  // Lists are comma-separated (`sort=a,-b`): form style, not exploded into repeated names.
  const properties = listQueryParameters(declaration);
  return { ...schema, querystring: { type: 'object', properties, style: 'form', explode: false } };
}

/**
 * Each operation says who may call it, from the route's declared access and the rules it adds before
 * the body is read (route-rules.ts): in words, x-access (and x-access-also), security.
 */
function withAccess(
  input: TransformInput,
  schema: FastifySchema,
): FastifySchema & { 'x-access'?: Access; 'x-access-also'?: string[] } {
  const rule = input.route.config?.access;
  if (!rule) return schema;
  const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
  const also = routeRulesOf(input.route.onRequest).map((extra) => extra.statement);
  const sentence = [describeAccess(rule), ...also.map((statement) => `Also: ${statement}.`)].join(' ');
  return {
    ...schema,
    description: [schema.description, sentence].filter(Boolean).join('\n\n'),
    'x-access': rule,
    ...(also.length > 0 ? { 'x-access-also': also } : {}),
    security: securityOf(rule, methods[0] ?? 'GET'),
  };
}

/** OpenAPI from the route schemas; register before any route so every route is in it. */
export async function registerOpenApi(app: FastifyInstance, appName: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${appName} API`,
        version: '1.0.0',
        description:
          'Session-authenticated JSON API (Sanctum-style): call GET /sanctum/csrf-cookie, then send the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header on every POST, PUT, PATCH and DELETE.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'portico_session' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const schema = withAccess(input, withListParameters(input, output.schema));
      return { ...output, schema };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/** sha256 sources for the page's inline scripts (Scalar's start-up call), so nothing else inline runs. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const digest = createHash('sha256')
      .update(match[1] ?? '', 'utf8')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

/**
 * The reference's own policy: its bundle and start-up script (by hash), the styles it writes at run
 * time, and nothing from other origins (it renders offline).
 */
export function apiReferencePolicy(html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The browsable reference at /api/docs (it renders offline: no CDN, no web fonts). */
export async function registerApiReference(app: FastifyInstance) {
  await app.register(async (docs) => {
    // The app-wide CSP forbids the page's inline start-up script; it gets a policy of its own.
    docs.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.includes('text/html') && typeof payload === 'string')
        reply.header('content-security-policy', apiReferencePolicy(payload));
      return payload;
    });
    await docs.register(scalar, {
      routePrefix: '/api/docs',
      configuration: { hideClientButton: true, withDefaultFonts: false },
    });
  });
}
