import type { IncomingMessage } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
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

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: process.env.SOURCEMAP === '1',
    // The bundle check (scripts/check-bundle.mjs) follows each page's chunks through the manifest.
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
            },
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
});
