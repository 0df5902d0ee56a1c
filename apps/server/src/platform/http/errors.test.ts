import { describe, expect, it } from 'vitest';
import { WorkerTaskError } from '../workers/worker-pool';
import { toHttpError } from './errors';

describe('toHttpError', () => {
  it('answers 503 with Retry-After to work a stopping server cut off, wherever it was', () => {
    expect(toHttpError(new WorkerTaskError('closed', 'the server is shutting down'))).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      headers: { 'retry-after': '5' },
    });
  });

  it('leaves other failures of a worker task to their caller, or a 500', () => {
    for (const reason of ['failed', 'crashed', 'timed-out'] as const)
      expect(toHttpError(new WorkerTaskError(reason, 'no'))).toBeUndefined();
  });
});
