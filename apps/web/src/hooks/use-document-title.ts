import { useEffect } from 'react';
import { useAppName } from '../lib/branding';

/**
 * Sets the tab title: "Page | <product>", or the product name alone (spec §9: the title falls back to
 * it). The product name comes from branding. `exact` uses the text as given (the error pages' titles of
 * spec §8).
 */
export function useDocumentTitle(title?: string, options: { exact?: boolean } = {}): void {
  const { exact = false } = options;
  const appName = useAppName();
  useEffect(() => {
    document.title = title ? (exact ? title : `${title} | ${appName}`) : appName;
  }, [title, exact, appName]);
}
