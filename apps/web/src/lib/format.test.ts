import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, nounFor, plural } from './format';

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

describe('plural', () => {
  it('puts the noun in the singular for exactly one', () => {
    expect(plural(1, 'nominee')).toBe('1 nominee');
    expect(plural(1, 'person', 'people')).toBe('1 person');
  });

  it('puts it in the plural for none and for many, with thousands separated', () => {
    expect(plural(0, 'client')).toBe('0 clients');
    expect(plural(2, 'result')).toBe('2 results');
    expect(plural(1204, 'person', 'people')).toBe('1,204 people');
  });

  it('picks the noun alone', () => {
    expect(nounFor(1, { one: 'lead status', many: 'lead statuses' })).toBe('lead status');
    expect(nounFor(3, { one: 'lead status', many: 'lead statuses' })).toBe('lead statuses');
  });
});
