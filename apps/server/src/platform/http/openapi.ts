import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

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
    // Each operation says who may call it, from the route's declared access.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const rule = input.route.config?.access;
      if (!rule) return output;
      const who = describeAccess(rule);
      const schema = output.schema as { description?: string };
      return {
        ...output,
        schema: { ...output.schema, description: [schema.description, who].filter(Boolean).join('\n\n') },
      };
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
