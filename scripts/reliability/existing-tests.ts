/**
 * Items an earlier issue already tests in workerd (real D1, Durable Objects, simulators): the bench runs those
 * tests once, in one vitest run, and reports their figures instead of writing them again.
 */
import { readFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { OFFLINE_ENV, ROOT } from "@nikki/dev/local";
import { type ReliabilityItem, outcome } from "./context";

interface Covered {
  number: string;
  name: string;
  file: string;
  /** The tests (by title) that make the promise. */
  titles: RegExp[];
}

const COVERED: Covered[] = [
  {
    number: "2",
    name: "media_stream_tickets",
    file: "test/call-bridge.test.ts",
    // The model's session opens when the stream starts: a call whose stream never comes holds nothing open.
    titles: [/refuses a second stream with the call's ticket/, /hung up before its stream reaches no Durable Object/],
  },
  {
    number: "2",
    name: "media_stream_tickets",
    file: "src/call/stream-ticket.test.ts",
    titles: [/one millisecond past 60 s/, /a redeemed ticket/, /no token/, /another call's token/],
  },
  { number: "2", name: "media_stream_tickets", file: "src/media/call.test.ts", titles: [/a ticket that is not the plan's/] },
  {
    number: "8",
    name: "prompt_injection",
    file: "src/voice/tools/tools.test.ts",
    titles: [/holds under 50 hostile strings/, /refuses a tool the agent has not enabled/],
  },
  { number: "8", name: "prompt_injection", file: "src/agent/instruction-guard.test.ts", titles: [/catches/, /lets an ordinary answer through/] },
  {
    number: "9",
    name: "stripe_events",
    file: "src/routes/billing/billing.test.ts",
    titles: [
      /refuses an event tampered by one byte/,
      /refuses an event signed 301 s ago/,
      /refuses an event signed an hour in the future/,
      /5 times at once takes effect once/,
      /converges when updated arrives before created/,
    ],
  },
  // Every route the router serves has its rule: a role for /api/*, a signature for /twilio/*, /webhooks/* and /internal/*.
  { number: "11", name: "route_rules_matrix", file: "test/access-matrix.test.ts", titles: [/has a row for every \/api route/, /: anonymous \d+/] },
  {
    number: "11",
    name: "route_rules_matrix",
    file: "test/signature-matrix.test.ts",
    titles: [/has a row for every \/twilio, \/webhooks and \/internal route/, /: unsigned \d+/],
  },
  { number: "12", name: "cookies_origins_cors", file: "src/routes/account/signup.test.ts", titles: [/HttpOnly, SameSite=Lax, Secure/] },
  { number: "16", name: "faults", file: "test/call-bridge.test.ts", titles: [/connection drops mid-call/] },
  { number: "16", name: "faults", file: "src/after-call/analysis.test.ts", titles: [/when OpenAI answers 500/, /when OpenAI rate-limits \(429\)/] },
  { number: "16", name: "faults", file: "test/status-callback-faults.test.ts", titles: [/exactly once/] },
  {
    number: "16",
    name: "faults",
    file: "src/routes/demo-calls/demo-calls.test.ts",
    titles: [/the cron places it once when due/, /after a restart between claiming a due call/],
  },
  { number: "14", name: "retention_purge", file: "test/retention-purge.test.ts", titles: [/deletes exactly the expired transcripts/, /two runs at once/] },
];

interface VitestJson {
  testResults: { name: string; assertionResults: { fullName: string; title: string; status: string; duration?: number }[] }[];
}

let results: Promise<VitestJson> | null = null;

/** The one vitest run, started on first use (about a minute). */
function testRun(): Promise<VitestJson> {
  results ??= (async () => {
    const files = [...new Set(COVERED.map((covered) => covered.file))];
    const output = `${ROOT}/.bench/reliability-tests.json`;
    await new Promise<void>((resolve, reject) => {
      const child = spawn("npx", ["vitest", "run", "--config", "worker/vitest.config.mts", ...files, "--reporter=json", `--outputFile=${output}`], {
        cwd: ROOT,
        env: { ...process.env, ...OFFLINE_ENV },
        stdio: "ignore",
      });
      child.on("error", reject);
      // A failing test is reported per item below, not here.
      child.on("exit", () => resolve());
    });
    return JSON.parse(readFileSync(output, "utf8")) as VitestJson;
  })();
  return results;
}

/** Reports the tests of one item (a number), from however many files hold them. */
export function coveredBy(number: string, name: string): ReliabilityItem {
  return {
    number: `${number}t`,
    name: `${name}_tests`,
    server: false,
    async run() {
      const json = await testRun();
      const failures: string[] = [];
      let passed = 0;
      let total = 0;
      for (const covered of COVERED.filter((c) => c.number === number)) {
        const file = json.testResults.find((result) => result.name.endsWith(covered.file));
        for (const title of covered.titles) {
          const matching = file?.assertionResults.filter((assertion) => title.test(assertion.fullName)) ?? [];
          if (matching.length === 0) failures.push(`no test in ${covered.file} matches ${title}`);
          for (const assertion of matching) {
            total++;
            if (assertion.status === "passed") passed++;
            else failures.push(`${assertion.title}: ${assertion.status}`);
          }
        }
      }
      return outcome({ tests_passed: `${passed}/${total}` }, failures);
    },
  };
}

/** Starts the vitest run now; settles when it has (its results are read by the items). */
export const preload = (): Promise<void> =>
  testRun().then(
    () => undefined,
    () => undefined,
  );
