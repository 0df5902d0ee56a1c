import { createTheme, type MantineThemeOverride } from '@mantine/core';
import { DEFAULT_COLOURS, type BrandColours } from './colours';
import { paletteFrom } from './palette';

/** Spec §9 breakpoints in px; Mantine wants em (px / 16). */
export const BREAKPOINTS_PX = { sm: 576, md: 768, lg: 900, xl: 1150, xxl: 1500 } as const;

const em = (px: number) => `${px / 16}em`;

/** Spec §9 modal maximum widths, in px. */
export const MODAL_SIZES = { standard: 800, wide: 900, choice: 670, confirmation: 600 } as const;

export const FONT_FAMILY =
  'Montserrat, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export function buildTheme(colours: BrandColours = DEFAULT_COLOURS): MantineThemeOverride {
  return createTheme({
    primaryColor: 'primary',
    primaryShade: 6,
    autoContrast: true,
    colors: {
      primary: paletteFrom(colours.primary),
      primaryLighter: paletteFrom(colours.primaryLighter),
      secondary: paletteFrom(colours.secondary),
      success: paletteFrom(colours.success),
      danger: paletteFrom(colours.danger),
    },
    fontFamily: FONT_FAMILY,
    headings: { fontFamily: FONT_FAMILY, fontWeight: '600' },
    defaultRadius: 'md',
    breakpoints: {
      xs: em(480),
      sm: em(BREAKPOINTS_PX.sm),
      md: em(BREAKPOINTS_PX.md),
      lg: em(BREAKPOINTS_PX.lg),
      xl: em(BREAKPOINTS_PX.xl),
      xxl: em(BREAKPOINTS_PX.xxl),
    },
    other: { colours, modalSizes: MODAL_SIZES },
    components: {
      Anchor: { defaultProps: { c: 'primaryLighter.7' } },
      // Every field of our short forms is required: inputs carry `required` for assistive technology,
      // and labels stay plain words (no asterisk) so "Password" is the field's whole name.
      TextInput: { defaultProps: { withAsterisk: false } },
      PasswordInput: {
        defaultProps: {
          withAsterisk: false,
          visibilityToggleButtonProps: { 'aria-label': 'Show or hide the characters' },
        },
      },
      Select: { defaultProps: { withAsterisk: false } },
      // A badge in a narrow table cell keeps its whole word.
      Badge: { styles: { root: { minWidth: 'max-content' } } },
      Modal: { defaultProps: { size: MODAL_SIZES.standard, centered: true } },
    },
  });
}
