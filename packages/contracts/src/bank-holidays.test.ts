import { describe, expect, it } from 'vitest';
import { englandBankHolidays, isLondonBusinessDay } from './bank-holidays';

// As gov.uk/bank-holidays publishes them for England and Wales.
describe('England and Wales bank holidays', () => {
  it.each([
    [
      2020,
      [
        '2020-01-01',
        '2020-04-10',
        '2020-04-13',
        '2020-05-08',
        '2020-05-25',
        '2020-08-31',
        '2020-12-25',
        '2020-12-28',
      ],
    ],
    [
      2021,
      [
        '2021-01-01',
        '2021-04-02',
        '2021-04-05',
        '2021-05-03',
        '2021-05-31',
        '2021-08-30',
        '2021-12-27',
        '2021-12-28',
      ],
    ],
    [
      2022,
      [
        '2022-01-03',
        '2022-04-15',
        '2022-04-18',
        '2022-05-02',
        '2022-06-02',
        '2022-06-03',
        '2022-08-29',
        '2022-09-19',
        '2022-12-26',
        '2022-12-27',
      ],
    ],
    [
      2023,
      [
        '2023-01-02',
        '2023-04-07',
        '2023-04-10',
        '2023-05-01',
        '2023-05-08',
        '2023-05-29',
        '2023-08-28',
        '2023-12-25',
        '2023-12-26',
      ],
    ],
    [
      2026,
      [
        '2026-01-01',
        '2026-04-03',
        '2026-04-06',
        '2026-05-04',
        '2026-05-25',
        '2026-08-31',
        '2026-12-25',
        '2026-12-28',
      ],
    ],
    [
      2027,
      [
        '2027-01-01',
        '2027-03-26',
        '2027-03-29',
        '2027-05-03',
        '2027-05-31',
        '2027-08-30',
        '2027-12-27',
        '2027-12-28',
      ],
    ],
  ])('%i', (year, expected) => {
    expect(englandBankHolidays(year)).toEqual(expected);
  });

  it('counts weekdays that are not bank holidays as business days', () => {
    expect(isLondonBusinessDay('2026-12-24')).toBe(true); // Thursday
    expect(isLondonBusinessDay('2026-12-25')).toBe(false); // Christmas Day
    expect(isLondonBusinessDay('2026-12-26')).toBe(false); // Saturday
    expect(isLondonBusinessDay('2026-12-28')).toBe(false); // Boxing Day, substitute
    expect(isLondonBusinessDay('2026-12-29')).toBe(true);
  });
});
