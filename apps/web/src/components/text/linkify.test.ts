import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('turns http(s) addresses into links and leaves the rest as text', () => {
    expect(linkify('Open http://localhost:3000/set-password?token=a&email=b%40c.d now.')).toEqual([
      { kind: 'text', text: 'Open ' },
      {
        kind: 'link',
        text: 'http://localhost:3000/set-password?token=a&email=b%40c.d',
        href: 'http://localhost:3000/set-password?token=a&email=b%40c.d',
      },
      { kind: 'text', text: ' now.' },
    ]);
  });

  it('never links other schemes', () => {
    const parts = linkify('javascript:alert(1) and data:text/html,<b>x</b> and ftp://x.y');
    expect(parts.every((part) => part.kind === 'text')).toBe(true);
  });

  it('keeps closing punctuation out of the link', () => {
    expect(linkify('(see https://example.com/a).')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: ').' },
    ]);
  });
});
