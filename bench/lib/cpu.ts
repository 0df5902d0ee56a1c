import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds so far, per process, of the server's process group and of the bench database's backends. */
export interface CpuSnapshot {
  server: Map<number, number>;
  postgres: Map<number, number>;
  bench: number;
  /** every core's busy time on the machine (from /proc/stat) */
  machine: number;
  wall: number;
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

/**
 * Reads /proc (Linux only; elsewhere every reading is zero). PostgreSQL backends are told apart by their
 * process title, which names the database ("postgres: user portico_bench 127.0.0.1(…) idle").
 */
export function cpuSnapshot(serverGroup: number | null, database: string): CpuSnapshot {
  const server = new Map<number, number>();
  const postgres = new Map<number, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    pids = [];
  }
  for (const pid of pids) {
    const stat = read(`/proc/${pid}/stat`);
    if (!stat) continue;
    const close = stat.lastIndexOf(')');
    const command = stat.slice(stat.indexOf('(') + 1, close);
    // After the command: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    const fields = stat.slice(close + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / HZ;
    if (serverGroup !== null && Number(fields[2]) === serverGroup) server.set(Number(pid), seconds);
    else if (command === 'postgres' && read(`/proc/${pid}/cmdline`)?.includes(` ${database} `))
      postgres.set(Number(pid), seconds);
  }
  const own = process.cpuUsage();
  return {
    server,
    postgres,
    bench: (own.user + own.system) / 1e6,
    machine: machineBusySeconds(),
    wall: performance.now() / 1000,
  };
}

/** CPU used between two snapshots by the processes alive at the end (a process that ended is left out). */
function used(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
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
