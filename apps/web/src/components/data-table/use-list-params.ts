import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters, sort and page held in the URL's search params, so a view can be shared and the
 * back button works. `prefix` keeps two lists on one page apart.
 */
export function useListParams<Key extends string>(keys: readonly Key[], prefix = '') {
  const [searchParams, setSearchParams] = useSearchParams();

  const values = Object.fromEntries(
    keys.map((key) => [key, searchParams.get(`${prefix}${key}`) ?? '']),
  ) as Record<Key, string>;

  const rawPage = Number(searchParams.get(`${prefix}page`));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;

  /**
   * Changing a filter or the sort goes back to page 1; `keepPage` keeps it for what does not change the
   * rows (the visible columns).
   */
  const update = useCallback(
    (
      changes: Partial<Record<Key | 'page', string | number | null>>,
      options: { keepPage?: boolean } = {},
    ) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (!('page' in changes) && !options.keepPage) next.delete(`${prefix}page`);
          for (const [key, value] of Object.entries(changes)) {
            const name = `${prefix}${key}`;
            if (value === null || value === undefined || value === '' || (key === 'page' && value === 1))
              next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams, prefix],
  );

  return { values, page, update };
}
