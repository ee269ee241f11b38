/**
 * `GET /api/ping` sent at a steady rate (each on its own schedule: a slow answer does not delay the next, so a worker
 * held by a parse shows in every ping that waited on it) and timed from a thread of its own: item 21's main thread
 * serves the hostile sites' 2 MB pages, and its event loop's stalls would be added to the answers it timed. The main
 * thread names the phase each ping is sent in (item 21: "discover", "import", and "quiet" between sites); the samples come back
 * by phase.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

export interface PingResults {
  /** Each ping's time in ms, by the phase it was sent in. */
  samples: Record<string, number[]>;
  /** When each of those pings was sent (epoch ms, the same order): to set aside those of a phase that had ended. */
  sentAt: Record<string, number[]>;
  /** Pings answered other than 200, or not at all. */
  errors: number;
  /** This thread's longest event-loop stall, in ms. */
  longestStallMs: number;
}

type Message = { phase: string } | { stop: true };

function pingAtSteadyRate(base: string, everyMs: number) {
  const samples: Record<string, number[]> = {};
  const sentAt: Record<string, number[]> = {};
  const pending = new Set<Promise<void>>();
  let phase = "idle";
  let errors = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const timer = setInterval(() => {
    const sentIn = phase;
    const sentAtMs = Date.now();
    const started = performance.now();
    const ping = fetch(`${base}/api/ping`)
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status !== 200) errors++;
        (samples[sentIn] ??= []).push(performance.now() - started);
        (sentAt[sentIn] ??= []).push(sentAtMs);
      })
      .catch(() => {
        errors++;
      })
      .finally(() => pending.delete(ping));
    pending.add(ping);
  }, everyMs);
  return {
    phase: (name: string) => {
      phase = name;
    },
    async stop(): Promise<PingResults> {
      clearInterval(timer);
      await Promise.all(pending);
      loop.disable();
      return { samples, sentAt, errors, longestStallMs: loop.max / 1e6 };
    },
  };
}

/** Starts the pings in a worker thread of this module: `phase` labels the pings sent from now on, `stop` ends them. */
export function pingsInOwnThread(base: string, everyMs: number) {
  const thread = new Worker(new URL(import.meta.url), { workerData: { base, everyMs } });
  const results = new Promise<PingResults>((resolve, reject) => {
    thread.once("message", (answer: PingResults) => {
      resolve(answer);
      void thread.terminate();
    });
    thread.once("error", reject);
    thread.once("exit", (code) => reject(new Error(`the ping thread exited (code ${code}) before it answered`)));
  });
  return {
    phase: (name: string) => thread.postMessage({ phase: name } satisfies Message),
    stop: () => {
      thread.postMessage({ stop: true } satisfies Message);
      return results;
    },
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const { base, everyMs } = workerData as { base: string; everyMs: number };
  const pinger = pingAtSteadyRate(base, everyMs);
  port.on("message", (message: Message) => {
    if ("phase" in message) pinger.phase(message.phase);
    else void pinger.stop().then((results) => port.postMessage(results));
  });
}
