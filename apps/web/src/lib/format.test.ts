import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('dates as people read them', () => {
  it.each([
    '2024-05-01',
    '2024-09-30T23:59:00.000000Z',
    '2025-01-02T08:05:09Z',
    '2023-12-31T10:15:30.000000Z',
  ])('reads %s as dayjs did', (value) => {
    expect(formatDate(value)).toBe(dayjs(value).format('D MMM YYYY'));
    expect(formatDateTime(value)).toBe(dayjs(value).format('D MMM YYYY, HH:mm'));
  });

  it('shows an em dash for no date or a bad one', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
  });
});
