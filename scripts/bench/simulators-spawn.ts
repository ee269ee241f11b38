/** The provider simulators in a process of their own (scripts/bench/simulators-process.ts), for benchmarks. */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { ROOT } from "@nikki/dev/local";

export interface SimulatorsProcess {
  process: ChildProcess;
  /** Worker variables that send its provider calls to the simulators. */
  vars: Record<string, string>;
}

export async function spawnSimulators(options: {
  openaiPort: number;
  twilioPort: number;
  publicBaseUrl: string;
  replyFrames: number;
  connectDelayMs: number;
  responseDelayMs: number;
}): Promise<SimulatorsProcess> {
  const child = spawn(
    `${ROOT}/node_modules/.bin/tsx`,
    [
      "scripts/bench/simulators-process.ts",
      ...[options.openaiPort, options.twilioPort, options.publicBaseUrl, options.replyFrames, options.connectDelayMs, options.responseDelayMs].map(String),
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
  );
  const vars = await new Promise<Record<string, string>>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("{")) resolve((JSON.parse(line) as { vars: Record<string, string> }).vars);
    });
    child.once("exit", (code) => reject(new Error(`the simulators exited with ${code}`)));
  });
  return { process: child, vars };
}
