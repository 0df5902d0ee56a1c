import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound, sendError } from './errors';

/** Paths that belong to the API: never answered with the web app. */
const API_PATH = /^\/(api|sanctum|broadcasting|app|email\/verify|health|ready)(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached) for any
 * other GET that asks for HTML, so client-side routes work on reload. The build writes a .br and a .gz
 * beside each text file; a client gets the best one its Accept-Encoding allows (with Vary on it).
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  const root = path.resolve(distDir);
  const hasApp = existsSync(path.join(root, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      // Files are looked up on each request, so a rebuild is served without a restart.
      wildcard: true,
      preCompressed: true,
      // .vite/manifest.json is for tools that map a chunk back to its source, not for browsers.
      allowedPath: (pathname) => !pathname.split('/').some((segment) => segment.startsWith('.')),
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The app's own root: "/" is a directory to the static handler.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  } else {
    app.log.warn({ distDir }, 'no built web app found: run `npm run build`; serving the API only');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      hasApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PATH.test(request.url) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, notFound(`The route ${request.url.split('?')[0]} could not be found.`));
  });
}
