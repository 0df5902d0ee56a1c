import { DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COLOURS } from './colours';
import { contrastRatio, cssVariablesResolver, MIN_CONTRAST, readableOn } from './contrast';
import { buildTheme } from './theme';

const themeOf = (colours = DEFAULT_COLOURS): MantineTheme =>
  mergeMantineTheme(DEFAULT_THEME, buildTheme(colours));

describe('text contrast of the theme', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // The two findings of the first-hour review.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#e67700', '#fff3bf')).toBeCloseTo(2.69, 2);
  });

  it('darkens a colour only as far as it must', () => {
    expect(readableOn('#000000', ['#ffffff'])).toBe('#000000');
    const yellow = readableOn('#e67700', ['#fff3bf']);
    expect(contrastRatio(yellow, '#fff3bf')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(yellow, '#fff3bf')).toBeLessThan(6);
  });

  it.each([
    ['the default colours', DEFAULT_COLOURS],
    [
      'pale brand colours',
      { ...DEFAULT_COLOURS, primary: '#ffd43b', primaryLighter: '#74c0fc', success: '#8ce99a' },
    ],
  ])('reads at 4.5:1 in dimmed text and every light badge, with %s', (_, colours) => {
    const theme = themeOf(colours);
    const { light } = cssVariablesResolver(theme);
    const dimmed = light['--mantine-color-dimmed'] ?? '';
    for (const page of ['#ffffff', '#f8f9fa', '#f1f3f5'])
      expect(contrastRatio(dimmed, page)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    for (const [name, shades] of Object.entries(theme.colors)) {
      const text = light[`--mantine-color-${name}-light-color`] ?? '';
      // A light badge: its text on its background (shade 1) and on its hover (shade 2).
      expect(contrastRatio(text, shades[1]), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio(text, shades[2]), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
      // An outline badge on the page.
      const outline = light[`--mantine-color-${name}-outline`] ?? '';
      for (const page of ['#ffffff', '#f8f9fa', '#f1f3f5'])
        expect(contrastRatio(outline, page), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
      // A filled badge with white text (danger red, Mantine's red).
      const filled = light[`--mantine-color-${name}-filled`];
      if (filled) expect(contrastRatio(filled, '#ffffff'), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
    expect(light['--mantine-color-danger-filled']).toBeDefined();
    expect(light['--mantine-color-red-filled']).toBeDefined();
  });
});
