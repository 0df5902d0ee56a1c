import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { defineWorkerTask } from '../../platform/workers/worker-task';

/** What a description may hold (spec: rich text, sanitised): paragraphs, headings, emphasis, links, lists. */
const TAGS = ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'br'];
const SAFE_HREF = /^(https?:|mailto:)/i;

let purifier: DOMPurify | undefined;

/** One DOMPurify of its own (its hooks are not the SVG check's), made on the first description. */
function purify(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(new JSDOM('').window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    // The server has no DOM types: the node is read through the few members used here.
    const element = node as unknown as {
      nodeName: string;
      getAttribute(name: string): string | null;
      setAttribute(name: string, value: string): void;
      removeAttribute(name: string): void;
    };
    if (element.nodeName !== 'A') return;
    const href = element.getAttribute('href')?.trim() ?? '';
    if (SAFE_HREF.test(href)) element.setAttribute('href', href);
    else element.removeAttribute('href');
    element.setAttribute('rel', 'noopener noreferrer nofollow');
    element.setAttribute('target', '_blank');
  });
  purifier = instance;
  return instance;
}

/**
 * A description as stored and shown: only the tags above, links only to http(s) and mailto with rel and
 * target forced, nothing else (no scripts, handlers, styles or images). Empty markup becomes null.
 */
function sanitiseDescription(html: string | null | undefined): string | null {
  if (html == null) return null;
  const clean = purify()
    .sanitize(html, { ALLOWED_TAGS: TAGS, ALLOWED_ATTR: ['href', 'rel', 'target'], KEEP_CONTENT: true })
    .toString()
    .trim();
  const text = clean.replace(/<[^>]*>/g, '').trim();
  return text === '' ? null : clean;
}

/** Loaded and run on a worker thread only (sanitised-description.ts). */
export const sanitiseDescriptionTask = defineWorkerTask(
  import.meta.url,
  'sanitiseDescriptionTask',
  async (html: string | null) => sanitiseDescription(html),
);
