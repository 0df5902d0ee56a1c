import { useEffect } from 'react';
import { DEFAULT_FAVICON } from '../../config/app';
import { useBranding } from '../../lib/branding';

/** The favicon follows the branding record (spec §3); the title follows it through useDocumentTitle. */
export function BrandHead() {
  const favicon = useBranding()?.favicon || DEFAULT_FAVICON;
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    // The browser tells the type from the file; a stale type would make it skip an uploaded PNG or ICO.
    link.removeAttribute('type');
    link.href = favicon;
  }, [favicon]);
  return null;
}
