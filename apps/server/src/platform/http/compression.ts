import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses answers (API JSON, CSV exports) with br or gzip when the client accepts one. Answers that
 * already carry a Content-Encoding (the web app's precompressed files) and WebSocket upgrades are left
 * alone, and a client that sends no Accept-Encoding (light-my-request in tests) gets the plain body.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    // Request bodies stay uncompressed: nothing of ours sends them, and it keeps zip bombs out.
    globalDecompression: false,
    // Brotli's maximum quality costs far too much CPU per request; 4 is about gzip's speed and smaller.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
