import { UPDATE_REPORT_IMAGE_PATH } from '@portico/contracts';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { defineWorkerTask } from '../../platform/workers/worker-task';

/**
 * What an update report's body may hold: the description's rich text, headings, tables, rules and images
 * uploaded to the report's own image path. Nothing else: no scripts, handlers, styles, frames or forms.
 */
const TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'br',
  'hr',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const ATTRIBUTES = ['href', 'rel', 'target', 'src', 'alt', 'colspan', 'rowspan'];
const SAFE_HREF = /^(https?:|mailto:)/i;
/** Only our own uploads, by their same-site path (no host, no query, no other folder). */
const SAFE_IMAGE = new RegExp(
  `^${UPDATE_REPORT_IMAGE_PATH.replace(/[/.]/g, '\\$&')}[A-Za-z0-9_-]+\\.(png|jpg|webp|gif)$`,
);

let purifier: DOMPurify | undefined;

interface Element {
  nodeName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  remove(): void;
}

function purify(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(new JSDOM('').window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    // The server has no DOM types: the node is read through the few members used here.
    const element = node as unknown as Element;
    if (element.nodeName === 'A') {
      const href = element.getAttribute('href')?.trim() ?? '';
      if (SAFE_HREF.test(href)) element.setAttribute('href', href);
      else element.removeAttribute('href');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
      element.setAttribute('target', '_blank');
    } else if (element.nodeName === 'IMG') {
      const src = element.getAttribute('src')?.trim() ?? '';
      if (!SAFE_IMAGE.test(src)) element.remove();
      else element.setAttribute('src', src);
    }
  });
  purifier = instance;
  return instance;
}

/** A body as stored and shown (the allow-list above); empty markup becomes ''. */
export function sanitiseBody(html: string): string {
  const clean = purify()
    .sanitize(html, { ALLOWED_TAGS: TAGS, ALLOWED_ATTR: ATTRIBUTES, KEEP_CONTENT: true })
    .toString()
    .trim();
  const meaningful = clean.replace(/<(?!img)[^>]*>/g, '').trim();
  return meaningful === '' ? '' : clean;
}

/** Loaded and run on a worker thread only (sanitised-body.ts). */
export const sanitiseBodyTask = defineWorkerTask(import.meta.url, 'sanitiseBodyTask', async (html: string) =>
  sanitiseBody(html),
);
