/**
 * `npm test`: every stage, stopping at the first that fails, then one line per stage with its time, so a slowdown
 * (or the stage that failed) shows at the end. `npm test -- worker e2e` runs only the stages named.
 *
 * The stages run in phases, one after another; a phase's lanes run at once, each lane's stages in order. The site is
 * built first, alone: it rewrites site/dist, which workerd and wrangler dev serve, and .astro/, which astro check
 * writes. Then the lanes barely compete: tsc (one core) beside Biome, madge, the unit tests and the sizes, and beside
 * them the worker's tests, in workerd and in Node, which mostly wait on the simulated calls' real timers, and the e2e
 * stage's web server starting (lib/e2e-server-ahead.ts), which Playwright then finds up (docs/performance.md, "npm
 * test's time").
 * A lane running beside others prints its output when each stage ends, so logs do not interleave; a failure stops
 * the phase's other lanes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { type AheadServer, startE2eServerAhead } from "./lib/e2e-server-ahead";

type Stage = readonly [name: string, script: string];

/** Not a script: the e2e stage's web server, started ahead in a run that has the e2e stage. */
const E2E_SERVER = "e2e server";

const PHASES: readonly (readonly (readonly Stage[])[])[] = [
  [[["build", "build"]]],
  [
    [["typecheck", "typecheck"]],
    [
      ["lint", "lint"],
      ["circles", "check:circles"],
      ["unit", "test:unit"],
      ["size", "size"],
      [E2E_SERVER, E2E_SERVER],
    ],
    [["worker", "test:worker"]],
    [["node", "test:node"]],
  ],
  [[["e2e", "test:e2e"]]],
];
const STAGES = PHASES.flat(2);

type Outcome = { stage: string; seconds: number; result: "ok" | "FAILED" };

const named = process.argv.slice(2);
const nameable = STAGES.map(([stage]) => stage).filter((stage) => stage !== E2E_SERVER);
const unknown = named.filter((name) => !nameable.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(", ")}; the stages are ${nameable.join(", ")}.`);
  process.exit(2);
}
const selected = (stage: string) => named.length === 0 || named.includes(stage) || (stage === E2E_SERVER && named.includes("e2e"));

const running = new Set<ChildProcess>();
let stopping = false;
let server: AheadServer | undefined;

async function startServer(): Promise<number> {
  server = await startE2eServerAhead();
  const code = await server.ready;
  // The e2e stage's Playwright (playwright.config.ts) uses it instead of starting its own.
  if (code === 0) process.env.E2E_SERVER_STARTED = "1";
  else server.printLive();
  return code;
}

/** Its own process group, so stopping it stops what npm started under it too. */
function stop(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function runScript(script: string, alone: boolean): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", script], { stdio: ["ignore", alone ? "inherit" : "pipe", alone ? "inherit" : "pipe"], detached: true });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    const done = (code: number) => {
      running.delete(child);
      if (!stopping) process.stdout.write(Buffer.concat(output));
      resolve(code);
    };
    child.on("error", () => done(1));
    child.on("close", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

function report(outcomes: Outcome[], phaseSeconds: number[]) {
  const width = Math.max(...STAGES.map(([stage]) => stage.length), "total".length);
  const order = (name: string) => STAGES.findIndex(([stage]) => stage === name);
  const lines = [...outcomes]
    .sort((a, b) => order(a.stage) - order(b.stage))
    .map(({ stage, seconds, result }) => `${stage.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${result}`);
  const total = phaseSeconds.reduce((sum, seconds) => sum + seconds, 0);
  // Stages of a phase overlap: the total is the wall time, not the sum of the lines.
  console.log(`\n${lines.join("\n")}\n${"total".padEnd(width)}  ${total.toFixed(1).padStart(7)} s (wall)`);
}

const outcomes: Outcome[] = [];
const phaseSeconds: number[] = [];
let phaseStarted = performance.now();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopping = true;
    for (const child of running) stop(child, signal);
    server?.stop();
    phaseSeconds.push((performance.now() - phaseStarted) / 1000);
    report(outcomes, phaseSeconds);
    process.exit(130);
  });
}

let failed = 0;
for (const phase of PHASES) {
  const lanes = phase.map((lane) => lane.filter(([stage]) => selected(stage))).filter((lane) => lane.length > 0);
  if (lanes.length === 0) continue;
  phaseStarted = performance.now();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const [stage, script] of lane) {
        if (failed) return;
        const started = performance.now();
        if (stage === "e2e") server?.printLive();
        const code = script === E2E_SERVER ? await startServer() : await runScript(script, lanes.length === 1);
        if (stopping) return;
        outcomes.push({ stage, seconds: (performance.now() - started) / 1000, result: code === 0 ? "ok" : "FAILED" });
        if (code !== 0 && !failed) {
          failed = code;
          stopping = true;
          for (const child of running) stop(child, "SIGTERM");
          server?.stop();
        }
      }
    }),
  );
  phaseSeconds.push((performance.now() - phaseStarted) / 1000);
  if (failed) break;
}
server?.stop();
report(outcomes, phaseSeconds);
if (failed) process.exit(failed);
