import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** CPU seconds so far, per process, of the server's process group and of the bench database's backends. */
export interface CpuSnapshot {
  server: Map<number, number>;
  postgres: Map<number, number>;
  /** every other process on the machine, with its command name */
  others: Map<number, { command: string; seconds: number }>;
  bench: number;
  /** every core's busy time on the machine (from /proc/stat) */
  machine: number;
  wall: number;
  /** the one-minute load average when the snapshot was taken */
  load: number;
}

export interface CpuShare {
  /** CPU milliseconds spent per request or operation, by each party */
  serverMs: number;
  postgresMs: number;
  benchMs: number;
  /** average cores kept busy by the three over the run (2 means both cores of a 2-core machine) */
  coresBusy: number;
  /** average cores busy with anything else on the machine meanwhile (other work disturbs the numbers) */
  otherCores: number;
  /** the busiest other programs over the run, as "vitest 0.62, node 0.31" (cores, by command name) */
  otherPrograms: string;
  /** the one-minute load average at the start and the end of the run */
  loadBefore: number;
  loadAfter: number;
}

function ticksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

const HZ = ticksPerSecond();

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // the process ended meanwhile, or this is not Linux
  }
}

function machineBusySeconds(): number {
  const line = read('/proc/stat')?.split('\n')[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / HZ;
}

/** Command lines never change; each pid's is read once (a pid reused by a new process is rare in a run). */
const cmdlines = new Map<number, string>();
function cmdline(pid: number): string {
  let line = cmdlines.get(pid);
  if (line === undefined) {
    line = (read(`/proc/${pid}/cmdline`) ?? '').replace(/\0/g, ' ');
    cmdlines.set(pid, line);
  }
  return line;
}

/**
 * Reads /proc (Linux only; elsewhere every reading is zero). PostgreSQL backends are told apart by their
 * process title, which names the database ("postgres: user portico_bench 127.0.0.1(…) idle"); a parallel
 * worker ("postgres: parallel worker for PID 123") counts as the bench's when its leader is one of them.
 */
export function cpuSnapshot(serverGroup: number | null, database: string): CpuSnapshot {
  const server = new Map<number, number>();
  const postgres = new Map<number, number>();
  const others = new Map<number, { command: string; seconds: number }>();
  const workers: Array<{ pid: number; leader: number; seconds: number }> = [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    pids = [];
  }
  for (const name of pids) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    const stat = read(`/proc/${pid}/stat`);
    if (!stat) continue;
    const close = stat.lastIndexOf(')');
    const command = stat.slice(stat.indexOf('(') + 1, close);
    // After the command: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    const fields = stat.slice(close + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / HZ;
    if (serverGroup !== null && Number(fields[2]) === serverGroup) {
      server.set(pid, seconds);
      continue;
    }
    if (command === 'postgres') {
      const title = cmdline(pid);
      if (title.includes(` ${database} `)) {
        postgres.set(pid, seconds);
        continue;
      }
      const leader = /parallel worker for PID (\d+)/.exec(title)?.[1];
      if (leader) {
        workers.push({ pid, leader: Number(leader), seconds });
        continue;
      }
    }
    if (seconds > 0) others.set(pid, { command, seconds });
  }
  for (const worker of workers) {
    if (postgres.has(worker.leader)) postgres.set(worker.pid, worker.seconds);
    else others.set(worker.pid, { command: 'postgres', seconds: worker.seconds });
  }
  const own = process.cpuUsage();
  return {
    server,
    postgres,
    others,
    bench: (own.user + own.system) / 1e6,
    machine: machineBusySeconds(),
    wall: performance.now() / 1000,
    load: loadavg()[0] ?? 0,
  };
}

/** CPU used between two snapshots by the processes seen at the end (or in between, see cpuSampler). */
function used(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** The busiest other programs between two snapshots, by command name, in cores. */
function otherPrograms(before: CpuSnapshot, after: CpuSnapshot, wall: number): string {
  const byCommand = new Map<string, number>();
  for (const [pid, { command, seconds }] of after.others) {
    const spent = seconds - (before.others.get(pid)?.seconds ?? 0);
    if (spent > 0) byCommand.set(command, (byCommand.get(command) ?? 0) + spent);
  }
  const top = [...byCommand]
    .map(([command, seconds]) => [command, seconds / wall] as const)
    .filter(([, cores]) => cores >= 0.01)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4);
  return top.length > 0 ? top.map(([command, cores]) => `${command} ${cores.toFixed(2)}`).join(', ') : 'none';
}

export function cpuShare(before: CpuSnapshot, after: CpuSnapshot, operations: number): CpuShare {
  const per = (seconds: number) => (operations > 0 ? (seconds * 1000) / operations : Number.NaN);
  const server = used(before.server, after.server);
  const postgres = used(before.postgres, after.postgres);
  const bench = after.bench - before.bench;
  const wall = after.wall - before.wall;
  const ours = server + postgres + bench;
  return {
    serverMs: per(server),
    postgresMs: per(postgres),
    benchMs: per(bench),
    coresBusy: ours / wall,
    otherCores: Math.max(0, (after.machine - before.machine - ours) / wall),
    otherPrograms: otherPrograms(before, after, wall),
    loadBefore: before.load,
    loadAfter: after.load,
  };
}

/**
 * Snapshots every `intervalMs` between start and stop, so a process that ends during the run (a
 * PostgreSQL parallel worker lives for one query) keeps the CPU it was last seen with; a snapshot at
 * the start and one at the end alone would leave it out, and count it as other load.
 */
export function cpuSampler(serverGroup: number | null, database: string, intervalMs = 500) {
  let first: CpuSnapshot | undefined;
  let merged: CpuSnapshot | undefined;
  let timer: NodeJS.Timeout | undefined;
  const take = () => {
    const next = cpuSnapshot(serverGroup, database);
    if (!merged) return (merged = next);
    for (const [pid, seconds] of next.server) merged.server.set(pid, seconds);
    for (const [pid, seconds] of next.postgres) merged.postgres.set(pid, seconds);
    for (const [pid, other] of next.others) merged.others.set(pid, other);
    Object.assign(merged, { bench: next.bench, machine: next.machine, wall: next.wall, load: next.load });
    return merged;
  };
  return {
    start() {
      first = cpuSnapshot(serverGroup, database);
      merged = undefined;
      take();
      timer = setInterval(take, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      take();
    },
    share(operations: number): CpuShare {
      if (!first || !merged) throw new Error('the CPU sampler did not run');
      return cpuShare(first, merged, operations);
    },
  };
}

/**
 * Waits (up to maxSeconds) for a second in which the rest of the machine keeps fewer than `threshold`
 * cores busy: other people's builds and tests share this machine. Answers the last load seen.
 */
export async function waitForQuiet(maxSeconds: number, threshold = 0.3): Promise<number> {
  const deadline = performance.now() + maxSeconds * 1000;
  let load: number;
  do {
    const start = { busy: machineBusySeconds(), wall: performance.now() };
    await new Promise((resolve) => setTimeout(resolve, 1000));
    load = (machineBusySeconds() - start.busy) / ((performance.now() - start.wall) / 1000);
    if (load < threshold) return load;
  } while (performance.now() < deadline);
  return load;
}
