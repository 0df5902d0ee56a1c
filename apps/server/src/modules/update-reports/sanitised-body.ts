import { fieldError } from '../../platform/http/errors';
import { isShutdown, type WorkerPool } from '../../platform/workers/worker-pool';
import { workerTaskRef } from '../../platform/workers/worker-task';
import type { sanitiseBodyTask } from './sanitise-body';

// jsdom and DOMPurify load on the worker threads only.
const sanitise = workerTaskRef<typeof sanitiseBodyTask>(
  new URL('./sanitise-body.ts', import.meta.url),
  'sanitiseBodyTask',
);

/** A report's body as stored (sanitise-body.ts), sanitised on a worker thread. */
export async function sanitisedBody(workers: WorkerPool, html: string): Promise<string> {
  return workers.run(sanitise, html).catch((error: unknown) => {
    if (isShutdown(error)) throw error;
    throw fieldError('body', 'The text could not be read: shorten it or simplify its markup.');
  });
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  nbsp: ' ',
  '#39': "'",
  '#x27': "'",
};

/**
 * The plain text of a sanitised body (no parser needed: the sanitiser wrote it), one paragraph a line.
 */
export function plainText(html: string): string {
  return html
    .replace(/<\/(p|h[2-4]|li|blockquote|tr)>|<br\s*\/?>|<hr\s*\/?>/gi, '\n')
    .replace(/<\/t[dh]>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      const known = ENTITIES[name.toLowerCase()];
      if (known !== undefined) return known;
      if (name.startsWith('#')) {
        const code =
          name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
      }
      return entity;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** The opening of a body for a list: at most `length` characters, cut at a word. */
export function excerptOf(html: string, length = 200): string {
  const text = plainText(html).replace(/\n/g, ' ');
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
