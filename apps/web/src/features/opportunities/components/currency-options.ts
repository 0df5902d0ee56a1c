import { ISO_4217_CODES } from '@portico/contracts';

/** A currency's English name ("Euro"), or undefined where the browser cannot name it. */
function nameOf(code: string): string | undefined {
  try {
    const name = new Intl.DisplayNames(['en-GB'], { type: 'currency', fallback: 'none' }).of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}

/** "EUR – Euro", or the code alone where no name is known. */
export const currencyLabel = (code: string): string => {
  const name = nameOf(code);
  return name ? `${code} – ${name}` : code;
};

/** The currencies an opportunity may be raised in: GBP first, then the ISO 4217 list by code. */
export const CURRENCY_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  'GBP',
  ...ISO_4217_CODES.filter((code) => code !== 'GBP'),
].map((code) => ({ value: code, label: currencyLabel(code) }));
