/**
 * `npm test`: every stage in order, stopping at the first that fails, then one line per stage with its time, so a
 * slowdown (or the stage that failed) shows at the end. `npm test -- worker e2e` runs only the stages named.
 */
import { spawn } from "node:child_process";

/** Each stage and the npm script it runs. */
const STAGES = [
  ["typecheck", "typecheck"],
  ["lint", "lint"],
  ["circles", "check:circles"],
  ["unit", "test:unit"],
  ["worker", "test:worker"],
  ["node", "test:node"],
  ["build", "build"],
  ["size", "size"],
  ["e2e", "test:e2e"],
] as const;

type Outcome = { stage: string; seconds: number; result: "ok" | "FAILED" };

const named = process.argv.slice(2);
const unknown = named.filter((name) => !STAGES.some(([stage]) => stage === name));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(", ")}; the stages are ${STAGES.map(([stage]) => stage).join(", ")}.`);
  process.exit(2);
}

let running: ReturnType<typeof spawn> | undefined;

function runScript(script: string): Promise<number> {
  return new Promise((resolve) => {
    running = spawn("npm", ["run", script], { stdio: "inherit" });
    running.on("error", () => resolve(1));
    running.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function report(outcomes: Outcome[]) {
  const width = Math.max(...STAGES.map(([stage]) => stage.length), "total".length);
  const lines = outcomes.map(({ stage, seconds, result }) => `${stage.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${result}`);
  const total = outcomes.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(`\n${lines.join("\n")}\n${"total".padEnd(width)}  ${total.toFixed(1).padStart(7)} s`);
}

const outcomes: Outcome[] = [];
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    running?.kill(signal);
    report(outcomes);
    process.exit(130);
  });
}

for (const [stage, script] of STAGES) {
  if (named.length > 0 && !named.includes(stage)) continue;
  const started = performance.now();
  const code = await runScript(script);
  outcomes.push({ stage, seconds: (performance.now() - started) / 1000, result: code === 0 ? "ok" : "FAILED" });
  if (code !== 0) {
    report(outcomes);
    process.exit(code);
  }
}
report(outcomes);
