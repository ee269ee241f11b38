/**
 * CPU time of process trees, read from /proc (Linux): what a side of a benchmark spent, counted in all of its
 * processes (a workerd per Miniflare, a wrangler dev and its workerd children), whatever else the machine was doing.
 * A stall from elsewhere delays a side's frames but does not add to its CPU time, so a CPU ratio holds on a busy
 * machine where latency percentiles do not.
 */
import { readFileSync, readdirSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's times: USER_HZ, 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

interface ProcessRow {
  pid: number;
  ppid: number;
  /** utime + stime of the process itself (all its threads), in ms. */
  cpuMs: number;
}

function processes(): ProcessRow[] {
  const rows: ProcessRow[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name (field 2) may hold spaces and parentheses: the fields after it start after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const [utime, stime] = [Number(fields[11]), Number(fields[12])];
      rows.push({ pid: Number(entry), ppid: Number(fields[1]), cpuMs: ((utime + stime) * 1000) / TICKS_PER_SECOND });
    } catch {
      // the process ended while the table was read
    }
  }
  return rows;
}

/** The pids of these processes and all their descendants, now. */
function trees(roots: number[], rows = processes()): Set<number> {
  const tree = new Set(roots);
  for (let size = 0; size !== tree.size; ) {
    size = tree.size;
    for (const row of rows) if (tree.has(row.ppid)) tree.add(row.pid);
  }
  return tree;
}

/** This process's children now: taken before and after something, they tell which processes it spawned. */
export const childPids = (): Set<number> =>
  new Set(
    processes()
      .filter((row) => row.ppid === process.pid)
      .map((row) => row.pid),
  );

/**
 * A meter of the CPU time spent by the trees under `roots`: `read()` is the ms all their processes have used so far
 * (a process that ended no longer counts, so read before stopping them).
 */
export function cpuMeter(roots: number[]) {
  return {
    read(): number {
      const rows = processes();
      const tree = trees(roots, rows);
      return rows.filter((row) => tree.has(row.pid)).reduce((sum, row) => sum + row.cpuMs, 0);
    },
  };
}

/** Spawns something and returns its new child processes with it: `started` resolves once it has started them all. */
export async function withChildren<T>(started: () => Promise<T>): Promise<{ value: T; pids: number[] }> {
  const before = childPids();
  const value = await started();
  return { value, pids: [...childPids()].filter((pid) => !before.has(pid)) };
}

/**
 * A meter of how long the threads of the trees under `roots` ran, and waited runnable for a CPU another process had
 * (the kernel's /proc/<pid>/task/<tid>/schedstat, in ms so far). Waiting as long as running or longer means the
 * machine, not the process, set the pace of whatever it answered meanwhile.
 */
export function runQueueMeter(roots: number[]) {
  return {
    read(): { runMs: number; waitMs: number } {
      let [runNs, waitNs] = [0, 0];
      for (const pid of trees(roots)) {
        let tasks: string[] = [];
        try {
          tasks = readdirSync(`/proc/${pid}/task`);
        } catch {
          continue; // the process ended
        }
        for (const tid of tasks) {
          try {
            const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ").map(Number);
            runNs += run!;
            waitNs += wait!;
          } catch {
            // the thread ended
          }
        }
      }
      return { runMs: runNs / 1e6, waitMs: waitNs / 1e6 };
    },
  };
}
