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
  readonly movable: boolean;
  readonly offsetSeconds: number;
  advance(seconds: number): void;
}

export function createClock(movable = false): Clock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
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
