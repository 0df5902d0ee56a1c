import { fieldError } from '../../platform/http/errors';
import { isShutdown, type WorkerPool } from '../../platform/workers/worker-pool';
import { workerTaskRef } from '../../platform/workers/worker-task';
import type { sanitiseDescriptionTask } from './sanitise-description';

// jsdom and DOMPurify load on the worker threads only.
const sanitise = workerTaskRef<typeof sanitiseDescriptionTask>(
  new URL('./sanitise-description.ts', import.meta.url),
  'sanitiseDescriptionTask',
);

/**
 * A description as stored (sanitise-description.ts) on a worker thread: jsdom takes seconds of CPU
 * over the longest description (100,000 characters), which would hold up every other request.
 */
export async function sanitisedDescription(
  workers: WorkerPool,
  html: string | null | undefined,
): Promise<string | null> {
  if (html == null) return null;
  return workers.run(sanitise, html).catch((error: unknown) => {
    // The server is stopping: a 503 (toHttpError), not the description's fault.
    if (isShutdown(error)) throw error;
    throw fieldError('description', 'The description could not be read: shorten it or simplify its markup.');
  });
}
