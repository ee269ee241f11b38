/**
 * `npm test`: every stage, stopping at the first that fails, then one line per stage with its time, so a slowdown
 * (or the stage that failed) shows at the end. `npm test -- worker e2e` runs only the stages named.
 *
 * The stages run in phases, one after another; a phase's lanes run at once, each lane's stages in order. Lanes are
 * stages that barely compete: tsc (one core) beside Biome, madge and the unit tests; the Node-run worker tests (they
 * mostly wait on the simulated calls' real timers) beside the workerd ones. Stages that write what another reads
 * stay apart: the build rewrites site/dist, which workerd and wrangler dev serve, and .astro/, which astro check writes.
 * A lane running beside others prints its output when each stage ends, so logs do not interleave; a failure stops
 * the phase's other lanes.
 */
import { type ChildProcess, spawn } from "node:child_process";

type Stage = readonly [name: string, script: string];

const PHASES: readonly (readonly (readonly Stage[])[])[] = [
  [
    [["typecheck", "typecheck"]],
    [
      ["lint", "lint"],
      ["circles", "check:circles"],
      ["unit", "test:unit"],
    ],
  ],
  [[["worker", "test:worker"]], [["node", "test:node"]]],
  [
    [
      ["build", "build"],
      ["size", "size"],
    ],
  ],
  [[["e2e", "test:e2e"]]],
];
const STAGES = PHASES.flat(2);

type Outcome = { stage: string; seconds: number; result: "ok" | "FAILED" };

const named = process.argv.slice(2);
const unknown = named.filter((name) => !STAGES.some(([stage]) => stage === name));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(", ")}; the stages are ${STAGES.map(([stage]) => stage).join(", ")}.`);
  process.exit(2);
}

const running = new Set<ChildProcess>();
let stopping = false;

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
    phaseSeconds.push((performance.now() - phaseStarted) / 1000);
    report(outcomes, phaseSeconds);
    process.exit(130);
  });
}

let failed = 0;
for (const phase of PHASES) {
  const lanes = phase.map((lane) => lane.filter(([stage]) => named.length === 0 || named.includes(stage))).filter((lane) => lane.length > 0);
  if (lanes.length === 0) continue;
  phaseStarted = performance.now();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const [stage, script] of lane) {
        if (failed) return;
        const started = performance.now();
        const code = await runScript(script, lanes.length === 1);
        if (stopping) return;
        outcomes.push({ stage, seconds: (performance.now() - started) / 1000, result: code === 0 ? "ok" : "FAILED" });
        if (code !== 0 && !failed) {
          failed = code;
          stopping = true;
          for (const child of running) stop(child, "SIGTERM");
        }
      }
    }),
  );
  phaseSeconds.push((performance.now() - phaseStarted) / 1000);
  if (failed) break;
}
report(outcomes, phaseSeconds);
if (failed) process.exit(failed);
