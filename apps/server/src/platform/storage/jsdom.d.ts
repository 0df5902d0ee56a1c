// jsdom ships no types and @types/jsdom is not installed: the one constructor the SVG check uses.
declare module 'jsdom' {
  import type { WindowLike } from 'dompurify';

  export class JSDOM {
    constructor(html?: string);
    readonly window: WindowLike;
  }
}
