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

interface PlanNode {
  indent: number;
  kind: string;
  rows: number;
  loops: number;
  details: string[];
}

/** The nodes of an EXPLAIN ANALYZE text, each with its depth (the column of its arrow) and details. */
function parsePlan(plan: string): PlanNode[] {
  const nodes: PlanNode[] = [];
  for (const line of plan.split('\n')) {
    const match =
      /^(\s*)(?:->\s+)?(.+?)\s+\(cost=[^)]*\)\s+\(actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)\)/.exec(
        line,
      );
    if (match) {
      nodes.push({
        indent: match[1]?.length ?? 0,
        kind: match[2] ?? '',
        rows: Number(match[3]),
        loops: Number(match[4]),
        details: [],
      });
    } else nodes.at(-1)?.details.push(line.trim());
  }
  return nodes;
}

const detail = (node: PlanNode, pattern: RegExp) =>
  node.details.map((line) => pattern.exec(line)?.[1]).find((value) => value !== undefined);
const count = (value: number) => value.toLocaleString('en-US');

/** The nodes under a node (its subtree), in plan order. */
function subtree(nodes: PlanNode[], index: number): PlanNode[] {
  const node = nodes[index];
  if (!node) return [];
  const below: PlanNode[] = [];
  for (const next of nodes.slice(index + 1)) {
    if (next.indent <= node.indent) break;
    below.push(next);
  }
  return below;
}

/** The scan that reads the most rows (rows kept plus rows its filter dropped), as words. */
function heaviestScan(nodes: PlanNode[]): string | undefined {
  let best: { words: string; read: number } | undefined;
  for (const [index, node] of nodes.entries()) {
    const removed = Number(detail(node, /Rows Removed by Filter: (\d+)/) ?? 0);
    const read = (node.rows + removed) * node.loops;
    let words: string | undefined;
    // A parallel scan's loops are its processes, not repeated lookups.
    const parallel = node.kind.startsWith('Parallel ') ? 'a parallel' : undefined;
    const seq = /^(?:Parallel )?Seq Scan on (\w+)/.exec(node.kind);
    const only = /^(?:Parallel )?Index Only Scan(?: Backward)? using (\w+)/.exec(node.kind);
    const scan = /^(?:Parallel )?Index Scan(?: Backward)? using (\w+)/.exec(node.kind);
    const bitmap = /^(?:Parallel )?Bitmap Heap Scan on (\w+)/.exec(node.kind);
    if (seq) words = `${parallel ?? 'a'} sequential scan of ${seq[1]} (${count(read)} rows read)`;
    else if (only) words = `${parallel ?? 'an'} index-only scan of ${only[1]} (${count(read)} entries)`;
    else if (scan)
      words =
        node.loops > 1 && !parallel
          ? `${count(node.loops)} lookups in ${scan[1]} (${count(read)} rows)`
          : `${parallel ?? 'an'} index scan of ${scan[1]} (${count(read)} rows read)`;
    else if (bitmap) {
      const indexes = subtree(nodes, index)
        .map((child) => /^Bitmap Index Scan on (\w+)/.exec(child.kind)?.[1])
        .filter((name) => name !== undefined);
      const pages = detail(node, /Heap Blocks: exact=(\d+)/);
      words = `a bitmap scan of ${indexes.join(' and ')} (${count(read)} rows${pages ? ` from ${count(Number(pages))} heap pages` : ''})`;
    }
    if (words && (!best || read > best.read)) best = { words, read };
  }
  return best?.words;
}

/** Index lookups repeated 1,000 times or more (a nested loop's inner side): one per outer row. */
function manyLookups(nodes: PlanNode[]): string[] {
  return nodes.flatMap((node) => {
    const scan = /^Index (?:Only )?Scan(?: Backward)? using (\w+)/.exec(node.kind);
    return scan && node.loops >= 1000 ? [`${count(node.loops)} lookups in ${scan[1]}`] : [];
  });
}

/** Sorts of 1,000 rows or more: a LIMIT over a sort still sorts (or heap-sorts) every input row. */
function largeSorts(nodes: PlanNode[]): string[] {
  return nodes.flatMap((node, index) => {
    if (!/^(Incremental )?Sort\b/.test(node.kind)) return [];
    const input = subtree(nodes, index)[0];
    const rows = input ? input.rows * input.loops : 0;
    if (rows < 1000) return [];
    const method = detail(node, /Sort Method: ([\w-]+(?: \w+)?)/) ?? 'sort';
    return [`a ${method} of ${count(rows)} rows`];
  });
}

/** The most rows any node of the plan produced (rows × loops), against the rows the statement returns. */
export function rowsRead(plan: string) {
  const nodes = parsePlan(plan);
  return {
    most: Math.max(0, ...nodes.map((node) => node.rows * node.loops)),
    returned: nodes[0]?.rows ?? 0,
  };
}

/** What a plan does, in a sentence, read from the EXPLAIN text itself: its heaviest scan and large sorts. */
export function planSentence(plan: PlanReport): string {
  const nodes = parsePlan(plan.plan);
  const parts = [`${plan.title}: ${executionTime(plan.plan).toFixed(1)} ms`];
  const scan = heaviestScan(nodes);
  if (scan) parts.push(scan);
  parts.push(...manyLookups(nodes).filter((lookups) => !scan?.startsWith(lookups)));
  parts.push(...largeSorts(nodes));
  const { returned } = rowsRead(plan.plan);
  parts.push(`${count(returned)} ${returned === 1 ? 'row' : 'rows'} returned`);
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
