// Where the business day's time goes (bench/http/day.ts): CPU used over the mix by the machine,
// the server's processes, the bench database's backends and the load generator itself (/proc, as
// bench/http/sample-waits.ts counts it), the load generator's event-loop delay (a late client
// adds its own wait to every answer it times), and what the database's backends were doing
// (pg_stat_activity, 4 times a second: running, waiting on a lock or I/O, or idle in a pool).
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type pg from 'pg';

const TICK = Number(process.env.CLK_TCK ?? 100);
const RESOLUTION_MS = 10;

/** CPU seconds a process has used, or null when it is gone. */
export function cpuOf(pid: number): number | null {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / TICK;
  } catch {
    return null;
  }
}

/** The machine's busy and total CPU seconds since boot (all cores). */
function machine(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = line.reduce((a, b) => a + b, 0);
  const idle = (line[3] ?? 0) + (line[4] ?? 0);
  return { busy: (total - idle) / TICK, total: total / TICK };
}

export interface TimeFigures {
  seconds: number;
  /** Cores busy on average over the mix, by whom. */
  cores: { machine: number; server: number; database: number; bench: number; others: number };
  /** The load generator's event-loop delay, ms. */
  benchLoopDelay: { p50: number; p99: number; max: number };
  /** Backends of the bench database, on average, in each state or wait. */
  backends: Array<{ state: string; average: number }>;
}

export class TimeAccount {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private readonly server = new Set<number>();
  private readonly backends = new Set<number>();
  private readonly loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private machine0 = machine();
  private bench0 = process.cpuUsage();
  private started = performance.now();
  private readonly states = new Map<string, number>();
  private polls = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private polling = false;

  constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}

  start(serverPids: number[]): void {
    for (const p of serverPids) this.server.add(p);
    this.machine0 = machine();
    this.bench0 = process.cpuUsage();
    this.started = performance.now();
    this.loop.enable();
    this.timer = setInterval(() => void this.poll(), 250);
  }

  /** Server processes found later (the workers' pids come with the first memory sample). */
  addServer(pids: number[]): void {
    for (const p of pids) {
      if (this.server.has(p)) continue;
      this.server.add(p);
      this.touch(p);
    }
  }

  private touch(pid: number) {
    const cpu = cpuOf(pid);
    if (cpu === null) return;
    if (!this.first.has(pid)) this.first.set(pid, cpu);
    this.last.set(pid, cpu);
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const rows = (
        await this.client.query(
          `select pid, state, coalesce(wait_event_type || ':' || wait_event, 'running') as wait
             from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
          [this.database],
        )
      ).rows as Array<{ pid: number; state: string | null; wait: string }>;
      this.polls += 1;
      for (const r of rows) {
        this.backends.add(r.pid);
        const key =
          r.state === 'active'
            ? r.wait
            : r.state === 'idle'
              ? 'idle (waiting for the server)'
              : `${r.state}${r.wait === 'running' ? '' : ` ${r.wait}`}`;
        this.states.set(key, (this.states.get(key) ?? 0) + 1);
      }
      // CPU of every backend and server process, from first to last sight
      if (this.polls % 4 === 0) for (const p of [...this.backends, ...this.server]) this.touch(p);
    } catch {
      // the sampler's query failed (the database is busy): the next tick tries again
    } finally {
      this.polling = false;
    }
  }

  async stop(): Promise<TimeFigures> {
    if (this.timer) clearInterval(this.timer);
    while (this.polling) await new Promise((r) => setTimeout(r, 20));
    for (const p of [...this.backends, ...this.server]) this.touch(p);
    this.loop.disable();
    const seconds = (performance.now() - this.started) / 1000;
    const m = machine();
    const bench = process.cpuUsage(this.bench0);
    const used = (pids: Iterable<number>) =>
      [...pids].reduce((s, p) => s + (this.last.get(p) ?? 0) - (this.first.get(p) ?? 0), 0);
    const cores = {
      machine: (m.busy - this.machine0.busy) / seconds,
      server: used(this.server) / seconds,
      database: used(this.backends) / seconds,
      bench: (bench.user + bench.system) / 1e6 / seconds,
      others: 0,
    };
    cores.others = Math.max(0, cores.machine - cores.server - cores.database - cores.bench);
    return {
      seconds,
      cores,
      // the histogram holds each 10 ms timer's whole interval: the delay is what is past it
      benchLoopDelay: {
        p50: Math.max(0, this.loop.percentile(50) / 1e6 - RESOLUTION_MS),
        p99: Math.max(0, this.loop.percentile(99) / 1e6 - RESOLUTION_MS),
        max: Math.max(0, this.loop.max / 1e6 - RESOLUTION_MS),
      },
      backends: [...this.states.entries()]
        .map(([state, n]) => ({ state, average: n / Math.max(1, this.polls) }))
        .sort((a, b) => b.average - a.average),
    };
  }
}
