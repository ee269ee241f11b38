/**
 * `npm test`'s e2e web server, started ahead: Playwright's own web server (dev/e2e-server.ts: a fresh database,
 * seeded, the simulators, both planes under `wrangler dev`) takes most of a minute to answer, during which Playwright
 * runs nothing. `npm test` starts it while the earlier stages run, once the site is built, and Playwright then finds
 * it up (E2E_SERVER_STARTED) on the ports it chose (E2E_PORTS, inherited from this process).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface AheadServer {
  /** Resolves once the server is ready (E2E_READY_URL answers: 0), or with the exit code it died with first. */
  ready: Promise<number>;
  /** From now on its stderr prints as it comes (Playwright's `[WebServer]` lines); before, it is kept. */
  printLive(): void;
  stop(): void;
}

export async function startE2eServerAhead(): Promise<AheadServer> {
  // The first process to load e2e-ports.ts chooses the run's free ports; the server and Playwright inherit them.
  const { E2E_READY_URL, E2E_SERVER_SCRIPT } = await import("@nikki/dev/e2e-ports");
  const child: ChildProcess = spawn("npx", ["tsx", E2E_SERVER_SCRIPT], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    stdio: ["ignore", process.env.E2E_SERVER_LOG ? "pipe" : "ignore", "pipe"],
    detached: true,
  });
  const kept: Buffer[] = [];
  let live = false;
  const print = (chunk: Buffer) => (live ? process.stderr.write(`[WebServer] ${chunk}`) : kept.push(chunk));
  child.stdout?.on("data", print);
  child.stderr?.on("data", print);
  const exited = new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  const ready = (async () => {
    // As long as Playwright gave its own web server (playwright.config.ts).
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      const outcome = await Promise.race([exited, new Promise<"later">((resolve) => setTimeout(() => resolve("later"), 250))]);
      if (outcome !== "later") return outcome || 1;
      const up = await fetch(E2E_READY_URL).then(
        (response) => response.ok,
        () => false,
      );
      if (up) return 0;
    }
    process.stderr.write(`The e2e web server did not answer ${E2E_READY_URL} within 180 s.\n`);
    return 1;
  })();
  return {
    ready,
    printLive() {
      live = true;
      for (const chunk of kept.splice(0)) process.stderr.write(`[WebServer] ${chunk}`);
    },
    stop() {
      try {
        if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    },
  };
}
