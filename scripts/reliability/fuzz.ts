/**
 * Item 17: generated bad input (fast-check) against every public endpoint and webhook: any JSON value, any text,
 * any content type, any query string. 0 answers 5xx, 0 stack traces, every refusal in the `{error: {code,
 * message}}` envelope. Each request presents its own address, so the per-address limits answer 429 (in the
 * envelope too) only where a burst really comes from one place.
 */
import fc from "fast-check";
import { DEMO } from "../../worker/src/db/seed";
import { type Context, type ReliabilityItem, freshAddress, outcome } from "./context";

const RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 120);
const KEY = DEMO.publicWidgetKey;
const ENDPOINTS: [method: string, path: string][] = [
  ["POST", "/api/leads"],
  ["POST", "/api/account/signup"],
  ["POST", "/api/auth/sign-in/email"],
  ["POST", `/api/chat?key=${KEY}`],
  ["GET", `/api/widget/config?key=${KEY}`],
  ["POST", `/api/demo-calls?key=${KEY}`],
  ["POST", `/api/demo-calls/scheduled?key=${KEY}`],
  ["POST", "/api/telemetry/not-found"],
  ["GET", "/api/health/diagnostics"],
  ["GET", "/api/realtime/token?probe=1"],
  ["POST", "/twilio/voice/inbound"],
  ["POST", "/twilio/voice/status"],
  ["POST", "/twilio/messaging/inbound"],
  ["POST", "/webhooks/stripe"],
];

const body = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.record({ name: fc.string(), phone: fc.string(), email: fc.string(), consent: fc.anything(), messages: fc.anything() }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 300 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
);
const contentType = fc.constantFrom(
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "text/plain",
  "application/sdp",
  "",
);
const query = fc.option(fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 3 }), { nil: undefined });
const STACK = /\bat [\w.<>]+ \(|\.ts:\d+:\d+|Error: .*\n\s+at /;

function inEnvelope(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof parsed.error?.code === "string" && typeof parsed.error.message === "string";
  } catch {
    return false;
  }
}

export const fuzz: ReliabilityItem = {
  number: "17",
  name: "generated_bad_input",
  server: true,
  async run(context: Context) {
    const failures: string[] = [];
    let requests = 0;
    let serverErrors = 0;
    let stackTraces = 0;
    let outsideEnvelope = 0;
    for (const [method, path] of ENDPOINTS) {
      await fc.assert(
        fc.asyncProperty(body, contentType, query, async (payload, type, params) => {
          const url = new URL(`${context.base}${path}`);
          for (const [key, value] of Object.entries(params ?? {})) if (key !== "key") url.searchParams.set(key, value);
          const headers: Record<string, string> = { origin: context.base, "cf-connecting-ip": freshAddress() };
          if (type) headers["content-type"] = type;
          const response = await fetch(url, { method, headers, body: method === "GET" ? undefined : payload });
          const text = await response.text();
          requests++;
          if (response.status >= 500) {
            serverErrors++;
            failures.push(`${method} ${path} ${response.status}: ${JSON.stringify(payload).slice(0, 80)}`);
          }
          if (STACK.test(text)) stackTraces++;
          if (response.status >= 400 && !inEnvelope(text)) {
            outsideEnvelope++;
            if (outsideEnvelope <= 5) failures.push(`${method} ${path} ${response.status} not in the envelope: ${text.slice(0, 60)}`);
          }
          return true;
        }),
        { numRuns: RUNS, seed: Number(process.env.RELIABILITY_SEED ?? 20261123) },
      );
    }
    if (stackTraces) failures.push(`${stackTraces} answers carried a stack trace`);
    return outcome(
      { requests, endpoints: ENDPOINTS.length, status_5xx: serverErrors, stack_traces: stackTraces, outside_envelope: outsideEnvelope },
      failures.slice(0, 8),
    );
  },
};
