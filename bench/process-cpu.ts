// CPU time of processes, read from /proc: the server under test and PostgreSQL's processes (its
// backends serving the bench's database, and the processes the whole cluster shares), so a figure
// counts what the application and the database spend together (DECISIONS §9, month-end herd).
import fs from "node:fs";
import { spawnSync } from "node:child_process";
import type pg from "pg";

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100;

/** User and system CPU of a process so far, in clock ticks; null once it is gone. */
export function cpuTicksOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th fields.
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return null;
  }
}

export type CpuGroups = { server: number; backends: number; shared: number };

/**
 * The processes to count: the server's, the backends of `database` (its clients and autovacuum
 * workers), and the cluster's own (postmaster, checkpointer, writers, launchers), which other
 * databases on the same server use too.
 */
async function processes(admin: pg.Client, serverPid: number, database: string): Promise<Map<number, keyof CpuGroups>> {
  const { rows } = await admin.query<{ pid: number; datname: string | null; backend_type: string }>("select pid, datname, backend_type from pg_stat_activity");
  const out = new Map<number, keyof CpuGroups>([[serverPid, "server"]]);
  for (const r of rows) {
    if (r.datname === database) out.set(r.pid, "backends");
    else if (r.datname === null && r.backend_type !== "client backend") out.set(r.pid, "shared");
  }
  // The postmaster: the parent of every backend.
  const any = rows.find((r) => r.datname === database);
  const parent = any ? Number(fs.readFileSync(`/proc/${any.pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1]) : NaN;
  if (Number.isFinite(parent) && parent > 1) out.set(parent, "shared");
  return out;
}

/**
 * Samples the processes every `everyMs` between start and stop, so a backend that ends in between
 * still counts up to its last sample, and one that begins counts from zero.
 */
export function cpuMeter(admin: pg.Client, serverPid: number, database: string, everyMs = 250) {
  const first = new Map<number, number>();
  const last = new Map<number, { ticks: number; group: keyof CpuGroups }>();
  let timer: NodeJS.Timeout | null = null;
  let sampling: Promise<void> = Promise.resolve();
  const sample = async (starting: boolean) => {
    for (const [pid, group] of await processes(admin, serverPid, database)) {
      const ticks = cpuTicksOf(pid);
      if (ticks === null) continue;
      if (!first.has(pid)) first.set(pid, starting ? ticks : 0);
      last.set(pid, { ticks, group });
    }
  };
  return {
    async start() {
      await sample(true);
      timer = setInterval(() => {
        sampling = sampling.then(() => sample(false)).catch(() => {});
      }, everyMs);
    },
    /** CPU seconds of each group since start. */
    async stop(): Promise<CpuGroups> {
      if (timer) clearInterval(timer);
      await sampling;
      await sample(false);
      const out: CpuGroups = { server: 0, backends: 0, shared: 0 };
      for (const [pid, { ticks, group }] of last) out[group] += (ticks - (first.get(pid) ?? 0)) / CLOCK_TICKS;
      return out;
    },
  };
}
