/**
 * England and Wales bank holidays (the Banking and Financial Dealings Act 1971 and the dates proclaimed each
 * year), computed rather than fetched: the platform runs without the internet. The rules give every year's
 * regular holidays with their substitute days; the one-off changes proclaimed since 2000 are listed.
 */

/** Holidays moved from their rule's day: the rule's date, then the date observed (gov.uk). */
const MOVED: Readonly<Record<string, string>> = {
  // VE Day's 75th anniversary: the early May holiday moved to Friday 8 May.
  '2020-05-04': '2020-05-08',
  // the Golden, Diamond and Platinum Jubilees moved the spring holiday.
  '2002-05-27': '2002-06-04',
  '2012-05-28': '2012-06-04',
  '2022-05-30': '2022-06-02',
};

/** One-off holidays proclaimed since 2000. */
const ONE_OFF: readonly string[] = [
  '2002-06-03', // Golden Jubilee
  '2011-04-29', // the royal wedding
  '2012-06-05', // Diamond Jubilee
  '2022-06-03', // Platinum Jubilee
  '2022-09-19', // the state funeral of Queen Elizabeth II
  '2023-05-08', // the coronation of King Charles III
];

const iso = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

const weekday = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** Easter Sunday (Gregorian, the anonymous algorithm): [month, day]. */
function easter(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** The first (n = 1) or last (n = -1) Monday of a month. */
function monday(year: number, month: number, n: 1 | -1): string {
  if (n === 1) return iso(year, month, 1 + ((8 - weekday(year, month, 1)) % 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return iso(year, month, last - ((weekday(year, month, last) + 6) % 7));
}

/** Every England and Wales bank holiday of a year, in date order (YYYY-MM-DD). */
export function englandBankHolidays(year: number): string[] {
  const days: string[] = [];
  // New Year's Day, or the Monday after a weekend
  const newYear = weekday(year, 1, 1);
  days.push(iso(year, 1, newYear === 6 ? 3 : newYear === 0 ? 2 : 1));
  const [month, day] = easter(year);
  days.push(iso(year, month, day - 2), iso(year, month, day + 1));
  days.push(monday(year, 5, 1), monday(year, 5, -1), monday(year, 8, -1));
  // Christmas Day and Boxing Day; a weekend day moves to the next weekday not already a holiday
  const christmas = weekday(year, 12, 25);
  const [christmasDay, boxingDay] =
    christmas === 5 ? [25, 28] : christmas === 6 ? [27, 28] : christmas === 0 ? [27, 26] : [25, 26];
  days.push(iso(year, 12, christmasDay), iso(year, 12, boxingDay));
  const observed = days.map((date) => MOVED[date] ?? date);
  observed.push(...ONE_OFF.filter((date) => date.startsWith(`${year}-`)));
  return [...new Set(observed)].sort();
}

const cache = new Map<number, ReadonlySet<string>>();

/** Whether a date (YYYY-MM-DD) is an England and Wales bank holiday. */
export function isEnglandBankHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let holidays = cache.get(year);
  if (!holidays) {
    holidays = new Set(englandBankHolidays(year));
    cache.set(year, holidays);
  }
  return holidays.has(date);
}

/** Whether a date (YYYY-MM-DD) is a London business day: Monday to Friday and not a bank holiday. */
export function isLondonBusinessDay(date: string): boolean {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6 && !isEnglandBankHoliday(date);
}
