import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type ProxyOptions, type Rolldown } from 'vite';
import { firstPageGroups, pageMembership, type ChunkSummary } from './build-tools/first-page-chunks';
import { FIRST_PAGE_ROOTS } from './build-tools/first-pages';
import { precompress } from './build-tools/precompress';

const API_ORIGIN = process.env.PORTICO_API_ORIGIN ?? 'http://localhost:3000';

const proxyAll: ProxyOptions = { target: API_ORIGIN, changeOrigin: false };
const proxyRealtime: ProxyOptions = { target: API_ORIGIN, changeOrigin: false, ws: true };

/** /login, /logout and /register are SPA pages on GET and API calls on POST. */
const proxyPostOnly: ProxyOptions = {
  target: API_ORIGIN,
  changeOrigin: false,
  bypass: (request: IncomingMessage) => (request.method === 'POST' ? undefined : '/index.html'),
};

/** Set while the build splits the app the automatic way, to learn what each first page loads. */
const ANALYSIS = 'PORTICO_CHUNK_ANALYSIS';

/** The chunks of the automatic split, in memory: what `firstPageGroups` reads. */
async function automaticChunks(): Promise<ChunkSummary[]> {
  process.env[ANALYSIS] = '1';
  try {
    const result = await build({
      configFile: fileURLToPath(import.meta.url),
      logLevel: 'warn',
      build: { write: false, minify: false, manifest: false, sourcemap: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    return outputs.flatMap((output) =>
      output.output.flatMap((file) => (file.type === 'chunk' ? [file] : [])),
    );
  } finally {
    delete process.env[ANALYSIS];
  }
}

export default defineConfig(async ({ command }) => {
  const analysing = process.env[ANALYSIS] === '1';
  const pageGroups =
    command === 'build' && !analysing
      ? firstPageGroups(pageMembership(await automaticChunks(), FIRST_PAGE_ROOTS))
      : [];
  return {
    plugins: analysing ? [react()] : [react(), precompress()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: process.env.SOURCEMAP === '1',
      // For tools that map a chunk back to its source (the page weight is measured in Chromium instead).
      manifest: true,
      rolldownOptions: {
        output: {
          // A chunk is named by its hash alone: every page's entry lists every lazy chunk's file for its
          // preloads, so each name's letters were paid on /login (222 chunks, about 1 kB brotli).
          chunkFileNames: 'assets/[hash].js',
          codeSplitting: {
            groups: [
              // Every first page needs all of these: one file compresses better than a dozen small ones.
              {
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
                priority: 1000,
              },
              // The investor's and the login's pages in a handful of files (first-pages.ts).
              ...pageGroups,
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: {
        '/api/': proxyAll,
        '/sanctum': proxyAll,
        '/email': proxyAll,
        '/password': proxyAll,
        '/broadcasting': proxyAll,
        '/app/': proxyRealtime,
        '^/(login|logout|register)$': proxyPostOnly,
      },
    },
  };
});
