import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { defineWorkerTask } from '../workers/worker-task';

let purifier: DOMPurify | undefined;

/** One DOMPurify over one jsdom window, made on the first SVG upload (jsdom is slow to start). */
function purify(): DOMPurify {
  purifier ??= createDOMPurify(new JSDOM('').window);
  return purifier;
}

/**
 * SVG can carry script (`<svg/onload=…>`, `<script>`, `javascript:` links however encoded, animated
 * hrefs, external `<use>`). DOMPurify's SVG profile decides what is dangerous; an SVG it would change
 * is refused rather than silently rewritten, so the stored logo is exactly what was uploaded. Files are
 * still served under a sandboxing CSP (files.routes.ts).
 */
function svgIsSafe(body: Uint8Array): boolean {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  // The sanitiser parses a fragment into a <body>, whose removal it always reports; a file's own
  // <body> (attributes merged onto that wrapper) would hide behind it, and no SVG needs one.
  if (/<body[\s/>]/i.test(text)) return false;
  const dompurify = purify();
  dompurify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true } });
  // The server has no DOM types: a removed entry is read as the plain object it is.
  return dompurify.removed.every(
    (entry) => (entry as { element?: { nodeName?: unknown } }).element?.nodeName === 'BODY',
  );
}

/** jsdom parses a few MB of SVG in seconds of CPU: the check runs on a worker thread. */
export const svgIsSafeTask = defineWorkerTask(import.meta.url, 'svgIsSafeTask', async (body: Uint8Array) =>
  svgIsSafe(body),
);
