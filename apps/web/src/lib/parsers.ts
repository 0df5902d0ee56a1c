import type { Parser } from './api-client';

/**
 * `{ data: T[] }`: a list answered without pagination, each item checked by the contract's schema. The
 * web app reaches zod only through the contracts, so it builds the array check here.
 */
export function dataListOf<T>(item: Parser<T>): Parser<{ data: T[] }> {
  return {
    parse(input: unknown) {
      const data =
        typeof input === 'object' && input !== null ? (input as { data?: unknown }).data : undefined;
      if (!Array.isArray(data)) throw new TypeError('Expected { data: [...] }');
      return { data: data.map((entry) => item.parse(entry)) };
    },
  };
}
