import { useEffect } from 'react';

interface ColumnChoiceOptions<Key extends string> {
  /** where the choice is remembered in this browser: "columns.investors" */
  storageKey: string;
  /** every column, in order */
  all: readonly Key[];
  defaults: readonly Key[];
  /** columns that cannot be hidden */
  required?: readonly Key[];
  /** the choice in the address ("name,email"), which wins: a shared link shows what was shared */
  fromUrl: string;
  /** writes the choice into the address, or removes it (null) for the defaults */
  toUrl: (value: string | null) => void;
}

const STORAGE_PREFIX = 'portico.';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(STORAGE_PREFIX + key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(STORAGE_PREFIX + key);
    else window.localStorage.setItem(STORAGE_PREFIX + key, value);
  } catch {
    // Private browsing may refuse storage: the choice still lives in the address.
  }
}

/**
 * A list's visible columns: from the address when it names them, else as this browser last chose, else
 * the defaults. A choice is remembered in localStorage and written into the address, so the view can be
 * shared.
 */
export function useColumnChoice<Key extends string>({
  storageKey,
  all,
  defaults,
  required = [],
  fromUrl,
  toUrl,
}: ColumnChoiceOptions<Key>) {
  const parse = (value: string | null | undefined): Key[] | undefined => {
    if (!value) return undefined;
    const wanted = new Set(value.split(','));
    const keys = all.filter((key) => wanted.has(key) || required.includes(key));
    return keys.some((key) => !required.includes(key)) ? keys : undefined;
  };
  const defaultValue = defaults.join(',');
  const rememberedValue = parse(read(storageKey))?.join(',');
  const visible = parse(fromUrl) ?? parse(rememberedValue) ?? parse(defaultValue) ?? [...all];

  // A remembered choice that is not the default goes into the address, so a copied link carries it.
  useEffect(() => {
    if (!fromUrl && rememberedValue && rememberedValue !== defaultValue) toUrl(rememberedValue);
  }, [fromUrl, rememberedValue, defaultValue, toUrl]);

  const choose = (keys: readonly Key[]) => {
    const value = all.filter((key) => keys.includes(key) || required.includes(key)).join(',');
    write(storageKey, value);
    toUrl(value === defaultValue ? null : value);
  };

  const reset = () => {
    write(storageKey, null);
    toUrl(null);
  };

  return { visible, choose, reset, isDefault: visible.join(',') === defaultValue };
}
