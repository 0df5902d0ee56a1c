import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { access } from '../../platform/auth/access';
import { notFound } from '../../platform/http/errors';
import { detectFileType } from '../../platform/storage/file-types';

/**
 * Folders anyone may read: the brand's logos must show on the login page, and an opportunity's images
 * (cover, team photos, gallery) are meant for investors; their names are random.
 */
const PUBLIC_FOLDERS = new Set(['branding', 'opportunity-images']);

// A file opened on its own (an SVG, say) can run nothing and is a sandboxed, unique origin.
const SANDBOXED = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
// Chromium will not start its PDF viewer in a sandboxed document, so a real PDF goes without
// `sandbox`: it still loads and runs nothing of its own, and only our pages may frame it.
const PDF = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** Stored as a PDF and is one by its first bytes, not only by its name. */
const isPdf = (file: { contentType: string; body: Buffer }) =>
  file.contentType === 'application/pdf' && detectFileType(file.body)?.contentType === 'application/pdf';

/**
 * Files from the storage layer, through the app: public folders by name, every other file only by a
 * short-lived signed link (so a private document is never reachable by guessing its address).
 */
export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/files/:folder/:name',
      {
        config: { access: access.public },
        schema: {
          tags: ['Files'],
          summary: 'A stored file: public folders by name, others by signed link',
          params: z.object({
            folder: z.string().regex(/^[a-z0-9-]+$/),
            name: z.string().regex(/^[A-Za-z0-9._-]+$/),
          }),
        },
      },
      async (request, reply) => {
        const { folder, name } = request.params;
        const isPublic = PUBLIC_FOLDERS.has(folder);
        if (!isPublic && ctx.signer.check(request.url) !== 'valid') throw notFound();
        const file = await ctx.storage.get(`${folder}/${name}`);
        if (!file) throw notFound();
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', isPdf(file) ? PDF : SANDBOXED)
          .header('cache-control', isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store');
        return reply.send(file.body);
      },
    );
  };
}
