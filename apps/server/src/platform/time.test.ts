import { describe, expect, it } from 'vitest';
import { londonDate, londonDayStart } from './time';

describe('londonDayStart: when a London business day begins', () => {
  it.each([
    ['2026-01-15', '2026-01-15T00:00:00.000Z'], // GMT
    ['2026-06-01', '2026-05-31T23:00:00.000Z'], // BST: midnight is 23:00 UTC the day before
    ['2026-03-29', '2026-03-29T00:00:00.000Z'], // clocks go forward at 01:00 UTC: midnight was still GMT
    ['2026-03-30', '2026-03-29T23:00:00.000Z'],
    ['2026-10-25', '2026-10-24T23:00:00.000Z'], // clocks go back at 01:00 UTC: midnight was still BST
    ['2026-10-26', '2026-10-26T00:00:00.000Z'],
    ['2026-04-06', '2026-04-05T23:00:00.000Z'], // the first day of a tax year
  ])('%s begins at %s', (day, instant) => {
    const start = londonDayStart(day);
    expect(start.toISOString()).toBe(instant);
    expect(londonDate(start)).toBe(day);
    expect(londonDate(new Date(start.getTime() - 1))).not.toBe(day);
  });
});
