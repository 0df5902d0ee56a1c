import { describe, expect, it } from 'vitest';
import { badgeLabel, boldSegments, timeAgo } from './notification-format';

describe('the badge (spec §9: two digits at most)', () => {
  it.each([
    [0, undefined],
    [1, '1'],
    [42, '42'],
    [99, '99'],
    [100, '99'],
    [2500, '99'],
  ])('%i unread shows %s', (count, label) => {
    expect(badgeLabel(count)).toBe(label);
  });
});

describe('time-ago labels (spec §8: Just now, mins, hours, days ago)', () => {
  const now = Date.parse('2024-05-10T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it.each([
    [0, 'Just now'],
    [59, 'Just now'],
    [-30, 'Just now'],
    [60, '1 min ago'],
    [5 * 60, '5 mins ago'],
    [59 * 60 + 59, '59 mins ago'],
    [3600, '1 hour ago'],
    [3 * 3600, '3 hours ago'],
    [23 * 3600 + 3599, '23 hours ago'],
    [24 * 3600, '1 day ago'],
    [2 * 86_400, '2 days ago'],
    [400 * 86_400, '400 days ago'],
  ])('%i seconds ago reads "%s"', (seconds, label) => {
    expect(timeAgo(ago(seconds), now)).toBe(label);
  });

  it('reads nothing for a date it cannot parse', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('**bold** markup', () => {
  it('splits a message into plain and bold text', () => {
    expect(boldSegments('New report for **Acme** and **Beta Ltd**')).toEqual([
      { text: 'New report for ', bold: false },
      { text: 'Acme', bold: true },
      { text: ' and ', bold: false },
      { text: 'Beta Ltd', bold: true },
    ]);
  });

  it('keeps an unclosed ** as written', () => {
    expect(boldSegments('Price up **10%')).toEqual([
      { text: 'Price up ', bold: false },
      { text: '**10%', bold: false },
    ]);
  });

  it('leaves markup that is not ** alone, as text', () => {
    expect(boldSegments('<b>hi</b>')).toEqual([{ text: '<b>hi</b>', bold: false }]);
  });
});
