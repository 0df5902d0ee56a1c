import { describe, expect, it } from 'vitest';
import { longDate } from './dates';

describe('longDate', () => {
  it('reads a day or a moment as a person would, on its UTC day', () => {
    expect(longDate('2026-12-12')).toBe('12 December 2026');
    expect(longDate('2027-01-01')).toBe('1 January 2027');
    expect(longDate(new Date('2026-11-29T23:30:00Z'))).toBe('29 November 2026');
    expect(longDate(new Date('2026-11-29T23:30:00-05:00'))).toBe('30 November 2026');
  });
});
