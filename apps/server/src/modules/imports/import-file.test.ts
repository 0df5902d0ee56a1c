import { afterEach, describe, expect, it } from 'vitest';
import { HttpError, toHttpError } from '../../platform/http/errors';
import { createWorkerPool, type WorkerPool } from '../../platform/workers/worker-pool';
import { readImportFile } from './import-file';

let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

async function refusal(promise: Promise<unknown>) {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('reading an import file on a worker thread', () => {
  it(
    'reads the file off this thread: headings, the count, and the asked columns',
    { timeout: 30_000 },
    async () => {
      pool = createWorkerPool({ size: 1 });
      const body = Buffer.from('Name,Email\nAda,ada@x.test\nBea,bea@x.test\n');
      expect(await readImportFile(pool, body, ['Email'])).toEqual({
        extension: 'csv',
        contentType: 'text/csv',
        headers: ['Name', 'Email'],
        rowCount: 2,
        rows: [['ada@x.test'], ['bea@x.test']],
      });
      expect(pool.started).toBe(1);
    },
  );

  it(
    'answers a 422 on the file, not a 500, when the thread runs out of memory',
    { timeout: 30_000 },
    async () => {
      // A heap too small for the reader itself: the thread dies of it, as it would on a file too big.
      pool = createWorkerPool({ size: 1, maxHeapMb: 2 });
      const error = await refusal(readImportFile(pool, Buffer.from('Name,Email\nAda,ada@x.test\n')));
      expect(error.status).toBe(422);
      expect(error.errors).toEqual({
        file: ['The file could not be read: it needs more memory than an import may use.'],
      });
    },
  );

  it('answers a 503 when the server is shutting down', async () => {
    pool = createWorkerPool({ size: 1 });
    await pool.close();
    // Not the file's fault: the shutdown itself reaches the error handler, which answers 503.
    const error = await refusal(
      readImportFile(pool, Buffer.from('a,b\n1,2\n')).catch((reason: unknown) => {
        throw toHttpError(reason) ?? reason;
      }),
    );
    expect(error.status).toBe(503);
  });
});
