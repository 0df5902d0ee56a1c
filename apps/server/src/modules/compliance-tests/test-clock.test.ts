import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createClock } from '../../platform/time';

const base = { APP_KEY: 'a-key-that-is-at-least-thirty-two-characters', DATA_DIR: '/tmp/portico-clock-test' };

describe('the test clock (TEST_CLOCK)', () => {
  it('is off by default and refused in production', () => {
    expect(loadConfig(base).TEST_CLOCK).toBe(false);
    expect(loadConfig({ ...base, TEST_CLOCK: '1', NODE_ENV: 'test' }).TEST_CLOCK).toBe(true);
    expect(() => loadConfig({ ...base, TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK/);
  });

  it('moves forward only when movable', () => {
    const fixed = createClock();
    expect(() => fixed.advance(60)).toThrow(/TEST_CLOCK/);
    const movable = createClock(true);
    const before = movable.now().getTime();
    movable.advance(86_400);
    expect(movable.now().getTime() - before).toBeGreaterThanOrEqual(86_400_000);
    expect(movable.offsetSeconds).toBe(86_400);
  });
});
