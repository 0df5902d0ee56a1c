import type { FormErrors } from '@mantine/form';
import { useCallback, useEffect, useRef } from 'react';

export type Resolver = (values: unknown) => FormErrors;

/**
 * A form on a first page (the login form) validates with the contract's schema like every form, but
 * loads it (and zod) just after the page has painted rather than with the page. Until it has loaded,
 * nothing is refused in the browser: the server checks the same schema and its 422 shows on the fields.
 */
export function useDeferredResolver(load: () => Promise<Resolver>): Resolver {
  const resolver = useRef<Resolver | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => {
        if (live) resolver.current = loaded;
      },
      // A chunk that fails to load leaves the checking to the server.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load]);
  return useCallback((values) => resolver.current?.(values) ?? {}, []);
}
