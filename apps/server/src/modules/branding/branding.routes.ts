import { brandingInputSchema, brandingSchema, dataOf, featuresInputSchema } from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { notFound } from '../../platform/http/errors';
import { actorOf } from '../../platform/http/kernel';
import { firstFiles } from '../../platform/http/multipart';
import type { BrandingService } from './branding.service';

const tags = ['Branding'];
const one = dataOf(brandingSchema);
const multipartNote =
  'JSON, or multipart/form-data with the files logo, logoLight and favicon (PNG, JPEG, WebP or SVG; the favicon PNG, ICO or SVG), each checked by its content.';

/** The branding record (spec §3, §7): readable before login; staff with the branding permission change it. */
export function brandingRoutes(service: BrandingService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const url of ['/api/branding', '/api/branding/:id'])
      app.get(
        url,
        {
          config: { access: access.public },
          schema: {
            tags,
            summary:
              'The branding record (id 1): colours, terminology, files, terms, texts and feature flags',
            params: url.includes(':id') ? z.object({ id: z.string() }) : undefined,
            response: { 200: one },
          },
        },
        async (request) => {
          const { id } = request.params as { id?: string };
          if (id !== undefined && id !== '1') throw notFound('No branding with that id.');
          return { data: await service.resource() };
        },
      );

    app.post(
      '/api/branding',
      {
        config: { access: access.permission('branding', 'create') },
        schema: {
          tags,
          summary: 'Create the custom branding (or change it, when it exists)',
          description: multipartNote,
          body: brandingInputSchema,
          response: { 200: one, 201: one },
        },
      },
      async (request, reply) => {
        const { created, branding } = await service.update(
          actorOf(request),
          request.body,
          firstFiles(request.uploads),
        );
        return reply.code(created ? 201 : 200).send({ data: branding });
      },
    );

    app.patch(
      '/api/branding/:id',
      {
        config: { access: access.permission('branding', 'update'), takesFiles: true },
        schema: {
          tags,
          summary: 'Change the branding (also as POST with _method=PATCH, as the spec sends it)',
          description: multipartNote,
          params: z.object({ id: z.literal('1', { error: 'No branding with that id.' }) }),
          body: brandingInputSchema,
          response: { 200: one },
        },
      },
      async (request) => ({
        data: (await service.update(actorOf(request), request.body, firstFiles(request.uploads))).branding,
      }),
    );

    app.patch(
      '/api/features',
      {
        config: { access: access.permission('features', 'update') },
        schema: {
          tags,
          summary: 'Switch features on or off; either spelling of each flag (enableFunds or funds_enabled)',
          body: featuresInputSchema,
          response: { 200: one },
        },
      },
      async (request) => ({ data: await service.setFeatures(actorOf(request), request.body) }),
    );
  };
}
