import type { EndpointReport, PlanReport } from './report';

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Which side limits an endpoint, from the CPU each side spent per request. */
export function httpSentence(e: EndpointReport, cores: number): string {
  const { serverMs, postgresMs, benchMs } = e.httpCpu;
  const ratio = e.http.requestsPerSecond / e.raw.opsPerSecond;
  const serverCeiling = 1000 / serverMs;
  const head = `**${e.label}**: HTTP reaches ${ratio.toFixed(2)} of the raw throughput. A request costs ${ms(
    serverMs,
  )} of CPU in the server, ${ms(postgresMs)} in PostgreSQL and ${ms(benchMs)} in autocannon; the same statements without HTTP cost ${ms(
    e.rawCpu.postgresMs,
  )} in PostgreSQL and ${ms(e.rawCpu.benchMs)} in the \`pg\` client.`;
  if (serverMs >= postgresMs)
    return `${head} The server's single JavaScript thread is the limit: at ${ms(serverMs)} a request one core serves at most about ${Math.round(
      serverCeiling,
    )} requests a second, whatever the database does. The raw run spends its CPU in PostgreSQL and the client only, so it is several times faster: the difference is the HTTP stack, the session and access checks, drizzle building and mapping each query, the response schema and JSON.`;
  return `${head} PostgreSQL is the limit: it spends ${(postgresMs / serverMs).toFixed(1)} times the server's CPU on each request, and with ${cores} cores shared the HTTP layer adds ${Math.round(
    (1 / ratio - 1) * 100,
  )}% on top of the raw queries (the server's JSON, the two session statements of every request, and contention for the same cores).`;
}

export const executionTime = (plan: string) =>
  Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);

/** What the plans say, in a sentence each, read from the EXPLAIN text itself. */
/** The most rows any node of the plan produced (rows × loops), against the rows the statement returns. */
export function rowsRead(plan: string) {
  const counts = [...plan.matchAll(/actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/g)].map(
    (match) => Number(match[1]) * Number(match[2]),
  );
  return { most: Math.max(0, ...counts), returned: counts[0] ?? 0 };
}

/**
 * The first table read whole by a sequential scan of at least 1,000 rows (rows kept plus rows removed by
 * its filter); a sequential scan of a small table, such as the lead statuses, is the right plan.
 */
function largeSeqScan(plan: string): string | undefined {
  const lines = plan.split('\n');
  for (const [index, line] of lines.entries()) {
    const scan = /Seq Scan on (\w+).*actual time=\S+ rows=(\d+) loops=(\d+)/.exec(line);
    if (!scan) continue;
    let read = Number(scan[2]) * Number(scan[3]);
    for (const next of lines.slice(index + 1)) {
      if (next.includes('->')) break;
      const removed = /Rows Removed by Filter: (\d+)/.exec(next);
      if (removed) read += Number(removed[1]) * Number(scan[3]);
    }
    if (read >= 1000) return scan[1];
  }
  return undefined;
}

export function planSentence(plan: PlanReport): string {
  const seq = largeSeqScan(plan.plan);
  const removed = /Rows Removed by Filter: (\d+)/.exec(plan.plan)?.[1];
  const heap = /Heap Blocks: exact=(\d+)/.exec(plan.plan)?.[1];
  const sort = /Sort Method: ([\w-]+(?: \w+)?)/.exec(plan.plan)?.[1];
  const indexOnly = /Index Only Scan (?:Backward )?using (\w+)/.exec(plan.plan)?.[1];
  const indexScan = /(?<!Only |Bitmap )Index Scan (?:Backward )?using (\w+)/.exec(plan.plan)?.[1];
  const bitmaps = [...plan.plan.matchAll(/Bitmap Index Scan on (\w+)/g)].map((match) => match[1]);
  const parts = [`${plan.title}: ${executionTime(plan.plan).toFixed(1)} ms`];
  if (seq) parts.push(`a sequential scan of the whole ${seq} table`);
  else if (indexOnly) parts.push(`an index-only scan of ${indexOnly}`);
  else if (indexScan && bitmaps.length === 0) parts.push(`an index scan of ${indexScan}`);
  else if (bitmaps.length > 0)
    parts.push(`a bitmap scan of ${bitmaps.join(' or ')}${heap ? ` visiting ${heap} heap pages` : ''}`);
  if (removed) parts.push(`${removed} rows read and then dropped by the filter`);
  if (sort) parts.push(`a ${sort} over every matching row before OFFSET and LIMIT apply`);
  const { most, returned } = rowsRead(plan.plan);
  if (most >= 1000 && most > 4 * returned)
    parts.push(
      `${most.toLocaleString('en-US')} rows passed through a plan node to return ${returned.toLocaleString('en-US')}`,
    );
  return parts.join(', ');
}

export function explainReading(endpoints: EndpointReport[], plans: PlanReport[], cores: number): string[] {
  const staffFilterDrops = plans.some((plan) => /Filter: \(role_id <> /.test(plan.plan));
  const busiest = Math.max(...endpoints.flatMap((e) => [e.httpCpu.otherCores, e.rawCpu.otherCores]));
  return [
    ...endpoints.map((e) => httpSentence(e, cores)),
    `The plans below, one by one: ${plans.map(planSentence).join('; ')}. Every list request runs its page query and then its count query, so both costs add up${
      staffFilterDrops
        ? '. The staff condition `role_id <> 5` has no index of its own, so a search over staff matches investors in the trigram indexes and reads their rows before the filter drops them'
        : ''
    }.`,
    ...(busiest > 0.3
      ? [
          `Other work kept up to ${busiest.toFixed(2)} of the ${cores} cores busy during some runs (see "other load"); those rows understate what the machine can do.`,
        ]
      : []),
  ];
}
