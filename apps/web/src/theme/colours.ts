import type { Colours } from '@portico/contracts';
import { COLOUR_KEYS, DEFAULT_COLOURS as BRAND_DEFAULTS } from '@portico/contracts/constants';

/**
 * The brand colours: the branding record's `colours` (spec §3), with the defaults of spec §9 (dark navy,
 * a lighter blue, yellow, status greens and reds). The theme is always built from one of these objects.
 */
export type BrandColours = Colours;

export const DEFAULT_COLOURS: BrandColours = BRAND_DEFAULTS;

const HEX = /^#[0-9a-f]{6}$/i;

/** The record's colours, each one a usable #rrggbb or else its default, so a bad value never breaks the theme. */
export function brandColours(colours: Partial<Record<string, string>> | null | undefined): BrandColours {
  return Object.fromEntries(
    COLOUR_KEYS.map((key) => {
      const value = colours?.[key];
      return [key, value && HEX.test(value) ? value.toLowerCase() : DEFAULT_COLOURS[key]];
    }),
  ) as BrandColours;
}
