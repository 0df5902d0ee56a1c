/** Laravel's wire format: ISO-8601 UTC with microseconds, "2024-05-01T10:15:30.000000Z". */
export function toApiTimestamp(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export function toApiTimestampOrNull(date: Date | null | undefined): string | null {
  return date ? toApiTimestamp(date) : null;
}

/**
 * The server's clock. Rules that depend on elapsed time (the appropriateness test's 24-hour wait) read
 * it through the app context, so a test can move it. Only a clock made movable (TEST_CLOCK=1, refused in
 * production) can be advanced; the offset lives in this process only.
 */
export interface Clock {
  now(): Date;
  /** the business date now: today in Europe/London (YYYY-MM-DD), by this clock */
  today(): string;
  readonly movable: boolean;
  readonly offsetSeconds: number;
  advance(seconds: number): void;
}

export function createClock(movable = false): Clock {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  return {
    now,
    today: () => londonDate(now()),
    movable,
    get offsetSeconds() {
      return Math.round(offsetMs / 1000);
    },
    advance(seconds: number) {
      if (!movable) throw new Error('the clock can only be moved when TEST_CLOCK=1');
      offsetMs += seconds * 1000;
    },
  };
}

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * THE business date of an instant: its calendar day in Europe/London (YYYY-MM-DD). Closing dates,
 * allotment dates, pre-emption windows, due dates and tax years are London days: 00:30 BST on 1 June is
 * 1 June here, though it is still 31 May in UTC. Read "today" as `clock.today()`, never from the system
 * clock or `toISOString()`.
 */
export function londonDate(instant: Date): string {
  return LONDON_DAY.format(instant);
}

/**
 * The instant a London day begins (YYYY-MM-DD): midnight BST is 23:00 UTC the day before, midnight GMT is
 * 00:00 UTC. Clocks change at 01:00 UTC, so midnight of the day they change is still on the old offset.
 */
export function londonDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const summer = new Date(utcMidnight.getTime() - 3_600_000);
  return londonDate(summer) === day ? summer : utcMidnight;
}
