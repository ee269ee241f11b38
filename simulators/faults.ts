/**
 * Injected failures, the same for every simulator that takes them (test control `POST /__faults`): the next `count`
 * requests to `path` (or to any path, `*`, or to every path it starts, `/v2/bookings*`) answer 500 (or 503 with
 * `status`), before acting, or after acting when `recorded` (the answer is lost though the work was done).
 */
export interface Fault {
  path: string;
  recorded: boolean;
  status: number;
}

export function faultQueue() {
  const faults: Fault[] = [];
  return {
    add(input: { path: string; count: number; recorded?: boolean; status?: number }) {
      for (let i = 0; i < input.count; i++) faults.push({ path: input.path, recorded: input.recorded ?? false, status: input.status ?? 500 });
      return faults.length;
    },
    take(path: string): Fault | null {
      const index = faults.findIndex((fault) => fault.path === path || (fault.path.endsWith("*") && path.startsWith(fault.path.slice(0, -1))));
      return index === -1 ? null : faults.splice(index, 1)[0]!;
    },
    clear() {
      faults.length = 0;
      return 0;
    },
  };
}
