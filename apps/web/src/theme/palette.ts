import type { MantineColorsTuple } from '@mantine/core';

function parseHex(hex: string): [number, number, number] {
  const clean = hex.replace('#', '');
  const full =
    clean.length === 3
      ? clean
          .split('')
          .map((c) => c + c)
          .join('')
      : clean.padEnd(6, '0').slice(0, 6);
  const value = Number.parseInt(full, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(from: [number, number, number], to: [number, number, number], amount: number) {
  return from.map((c, i) => c + ((to[i] ?? c) - c) * amount) as [number, number, number];
}

const WHITE: [number, number, number] = [255, 255, 255];
const BLACK: [number, number, number] = [0, 0, 0];

/**
 * Ten shades for Mantine from one brand colour: the colour itself at index 6 (the theme's primary
 * shade), tints towards white before it and shades towards black after it.
 */
export function paletteFrom(hex: string): MantineColorsTuple {
  const base = parseHex(hex);
  const tints = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((amount) => toHex(mix(base, WHITE, amount)));
  const shades = [0.14, 0.28, 0.42].map((amount) => toHex(mix(base, BLACK, amount)));
  const [t0 = hex, t1 = hex, t2 = hex, t3 = hex, t4 = hex, t5 = hex] = tints;
  const [s0 = hex, s1 = hex, s2 = hex] = shades;
  return [t0, t1, t2, t3, t4, t5, toHex(base), s0, s1, s2];
}
