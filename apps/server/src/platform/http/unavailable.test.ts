import { describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it('knows a database or Redis that is away, however the error is wrapped', () => {
    const outages = [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('Reached the max retries per request limit (which is 3).'), {
        name: 'MaxRetriesPerRequestError',
      }),
      new Error('Failed query: rollback', { cause: new Error('Connection terminated unexpectedly') }),
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
    ];
    for (const error of outages) expect(isDependencyUnavailable(error), String(error)).toBe(true);
  });

  it('leaves every other error alone: a bug stays a 500', () => {
    const bugs = [
      new TypeError('Cannot read properties of undefined'),
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('40P01', 'deadlock detected'),
      withCode('22P02', 'invalid input syntax for type integer'),
      'a string',
      null,
    ];
    for (const error of bugs) expect(isDependencyUnavailable(error), String(error)).toBe(false);
  });

  it('stops on a cycle of causes', () => {
    const error = new Error('outer') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDependencyUnavailable(error)).toBe(false);
  });
});
