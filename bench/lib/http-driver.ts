import autocannon from 'autocannon';
import { percentile, Samples } from './stats';

export interface HttpResult {
  requests: number;
  requestsPerSecond: number;
  /** from each response's own time, in fractional milliseconds (autocannon's histogram is whole ms) */
  p50: number;
  p99: number;
  /** autocannon's own percentiles, for reference */
  autocannonP50: number;
  autocannonP99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface HttpOptions {
  url: string;
  cookieHeader: string;
  connections: number;
  durationSeconds: number;
  /** how long one response may take before autocannon counts it as an error (autocannon's default: 10 s) */
  timeoutSeconds?: number;
  /** called around the measured run (not the warm-up) */
  onStart?: () => void;
  onStop?: () => void;
}

function run(options: HttpOptions, samples: Samples | null) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        ...(options.timeoutSeconds ? { timeout: options.timeoutSeconds } : {}),
        headers: { cookie: options.cookieHeader, accept: 'application/json' },
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) reject(error instanceof Error ? error : new Error('autocannon failed'));
        else resolve(result);
      },
    );
    // autocannon emits (client, statusCode, bytes, responseTime); its type declarations omit the client.
    if (samples)
      instance.on('response', (...args: unknown[]) => {
        if (typeof args[3] === 'number') samples.push(args[3]);
      });
  });
}

/** A short warm-up, then the measured run with autocannon. */
export async function driveHttp(options: HttpOptions, warmupSeconds: number): Promise<HttpResult> {
  if (warmupSeconds > 0) await run({ ...options, durationSeconds: warmupSeconds }, null);
  const samples = new Samples();
  options.onStart?.();
  const result = await run(options, samples);
  options.onStop?.();
  const sorted = samples.sorted();
  const requests = result.requests.total;
  return {
    requests,
    requestsPerSecond: requests / result.duration,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    autocannonP50: result.latency.p50,
    autocannonP99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
