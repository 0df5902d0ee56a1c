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

/** The browsable reference at /api/docs (it renders offline: no CDN). */
export async function registerApiReference(app: FastifyInstance) {
  await app.register(async (docs) => {
    // The reference page runs inline scripts; the strict CSP stays on everything else.
    docs.addHook('onSend', async (_request, reply) => {
      reply.removeHeader('content-security-policy');
    });
    await docs.register(scalar, { routePrefix: '/api/docs', configuration: { hideClientButton: true } });
  });
}
