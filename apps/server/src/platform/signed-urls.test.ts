import { describe, expect, it } from 'vitest';
import { safeUrl } from './logging';
import { createUrlSigner } from './signed-urls';

describe('signed URLs', () => {
  const signer = createUrlSigner('secret-key', 'http://portico.test');

  it('accepts its own link and refuses a changed, foreign or expired one', () => {
    const url = new URL(signer.sign('/email/verify/7/abc', new Date(Date.now() + 60_000)));
    const path = url.pathname + url.search;
    expect(signer.check(path)).toBe('valid');
    expect(signer.check(path.replace('/7/', '/8/'))).toBe('invalid');
    expect(createUrlSigner('other-key', 'http://portico.test').check(path)).toBe('invalid');
    const old = new URL(signer.sign('/email/verify/7/abc', new Date(Date.now() - 1000)));
    expect(signer.check(old.pathname + old.search)).toBe('expired');
  });
});

describe('log lines', () => {
  it('never carry a token, signature or email from a URL', () => {
    expect(safeUrl('/reset-password?token=abc&email=a%40b.test&x=1')).toBe(
      '/reset-password?token=[redacted]&email=[redacted]&x=1',
    );
    expect(safeUrl('/email/verify/1/2?expires=9&signature=ff')).toBe(
      '/email/verify/1/2?expires=9&signature=[redacted]',
    );
  });
});
