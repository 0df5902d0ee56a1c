import { isLightColor, type CSSVariablesResolver } from '@mantine/core';

type Rgb = [number, number, number];

/** WCAG 2 AA for normal text: badges, hints and descriptions are all small text. */
export const MIN_CONTRAST = 4.5;

function rgbOf(hex: string): Rgb {
  const clean = hex.replace('#', '');
  const full = clean.length === 3 ? [...clean].map((c) => c + c).join('') : clean.slice(0, 6);
  const value = Number.parseInt(full, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const hexOf = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The colour itself when it reads at MIN_CONTRAST on every background, else the colour darkened step by
 * step until it does: it keeps its hue, so a yellow badge stays a yellow (brown) badge.
 */
export function readableOn(colour: string, backgrounds: readonly string[]): string {
  let rgb = rgbOf(colour);
  for (let step = 0; step < 20; step += 1) {
    const hex = hexOf(rgb);
    if (backgrounds.every((background) => contrastRatio(hex, background) >= MIN_CONTRAST)) return hex;
    rgb = rgb.map((c) => c * 0.92) as Rgb;
  }
  return hexOf(rgb);
}

/** The light page backgrounds small text sits on: cards (white) and pages (gray 0 and 1). */
const PAGE_BACKGROUNDS = ['#ffffff', '#f8f9fa', '#f1f3f5'] as const;

/**
 * Mantine's light scheme puts light badges and alerts in shade 9 on shade 1 (yellow: 2.68:1) and dimmed
 * text (hints, descriptions) in gray 6 (3.32:1 on white). Both are raised to WCAG AA here, for every
 * colour of the theme, the brand's included, whatever colours a deployment picks.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const [, background, hover, , , , , , , text] = shades;
    const main = shades[6];
    if (!background || !hover || !text || !main) continue;
    light[`--mantine-color-${name}-light-color`] = readableOn(text, [background, hover, ...PAGE_BACKGROUNDS]);
    // Outline badges and buttons: their colour on the page (primaryLighter was 4.47:1 on gray 0).
    light[`--mantine-color-${name}-outline`] = readableOn(main, PAGE_BACKGROUNDS);
  }
  // A filled badge or button that autoContrast gives white text reads at 4.5:1 too (the default danger
  // red was 4.37:1); one given black text is light enough already.
  for (const [name, shades] of Object.entries(theme.colors)) {
    const filled = shades[6];
    if (filled && !isLightColor(filled, theme.luminanceThreshold))
      light[`--mantine-color-${name}-filled`] = readableOn(filled, ['#ffffff']);
  }
  const gray = theme.colors.gray;
  light['--mantine-color-dimmed'] = readableOn(gray[6], PAGE_BACKGROUNDS);
  return { variables: {}, light, dark: {} };
};
