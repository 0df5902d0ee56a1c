import { hmacSha256, safeEqual } from './crypto';

/**
 * Laravel's temporary signed routes: `expires` and `signature` query parameters, the signature an
 * HMAC of the whole URL before it, so no part can be changed.
 */
export function createUrlSigner(appKey: string, appUrl: string) {
  return {
    sign(pathWithQuery: string, expiresAt: Date): string {
      const url = new URL(pathWithQuery, appUrl);
      url.searchParams.set('expires', String(Math.floor(expiresAt.getTime() / 1000)));
      url.searchParams.set('signature', hmacSha256(appKey, url.pathname + url.search));
      return url.toString();
    },
    /** 'valid', 'expired' or 'invalid' for a request URL (path and query). */
    check(pathWithQuery: string): 'valid' | 'expired' | 'invalid' {
      const url = new URL(pathWithQuery, appUrl);
      const signature = url.searchParams.get('signature') ?? '';
      url.searchParams.delete('signature');
      if (!safeEqual(hmacSha256(appKey, url.pathname + url.search), signature)) return 'invalid';
      const expires = Number(url.searchParams.get('expires'));
      return Number.isFinite(expires) && expires * 1000 > Date.now() ? 'valid' : 'expired';
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
