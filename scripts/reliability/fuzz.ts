/**
 * Item 17: generated bad input (fast-check) against every public endpoint and webhook: any JSON value, any text,
 * any content type, any query string; and generated URLs (any scheme, login, host in any notation, port, path) into
 * every URL field a business has (issue 33). 0 answers 5xx, 0 stack traces, every refusal in the `{error: {code,
 * message}}` envelope, and no URL stored that the URL guard refuses. Each request presents its own address, so the
 * per-address limits answer 429 (in the envelope too) only where a burst really comes from one place.
 */
import { isLocalBaseUrl, urlPolicyFrom, urlRefusal } from "@nikki/core";
import fc from "fast-check";
import { DEMO } from "../../worker/src/db/seed";
import { type Context, type ReliabilityItem, freshAddress, outcome, signUpOwner } from "./context";

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

const octet = fc.integer({ min: 0, max: 255 });
/** A host in one of the notations a URL parser reads: names, dotted, decimal, hex and octal IPv4, IPv6, mapped. */
const host = fc.oneof(
  fc.domain(),
  fc.constantFrom("localhost", "metadata.google.internal", "printer.local", "api.localhost", "intranet", "127.0.0.1.nip.io"),
  fc.tuple(octet, octet, octet, octet).map((parts) => parts.join(".")),
  fc.tuple(octet, octet, octet, octet).map(([a, b, c, d]) => String(((a * 256 + b) * 256 + c) * 256 + d)),
  fc.tuple(octet, octet, octet, octet).map((parts) => `0x${parts.map((part) => part.toString(16).padStart(2, "0")).join("")}`),
  fc.tuple(octet, octet, octet, octet).map((parts) => parts.map((part) => `0${part.toString(8)}`).join(".")),
  fc.ipV6().map((address) => `[${address}]`),
  fc.ipV4().map((address) => `[::ffff:${address}]`),
);
const generatedUrl = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .record({
      scheme: fc.constantFrom("https", "http", "wss", "ws", "ftp", "file", "gopher", "HTTPS"),
      login: fc.option(fc.constantFrom("user:pass@", "evil.example@", "a@b@"), { nil: "" }),
      host,
      port: fc.option(
        fc.integer({ min: 1, max: 70_000 }).map((port) => `:${port}`),
        { nil: "" },
      ),
      path: fc.webPath(),
    })
    .map(({ scheme, login, host, port, path }) => `${scheme}://${login}${host}${port}${path}`),
);

/** Generated URLs into every URL field of a signed-in business: never a 5xx, and nothing stored that the guard refuses. */
async function fuzzUrlFields(context: Context, failures: string[]) {
  const owner = await signUpOwner(context.base, "Fuzzed Plumbing");
  const policy = urlPolicyFrom(context.base, undefined);
  let requests = 0;
  let stored = 0;
  let storedRefusable = 0;
  let serverErrors = 0;
  const send = (method: string, path: string, body: unknown) =>
    fetch(`${context.base}${path}`, {
      method,
      headers: { "content-type": "application/json", origin: context.base, cookie: owner.cookie },
      body: JSON.stringify(body),
    });
  const fields: [string, "https" | "wss", (url: string) => Promise<Response>][] = [
    ["bridge_ws_url", "wss", (url) => send("PATCH", "/api/org/settings", { bridge_ws_url: url })],
    ["crm_webhook_url", "https", (url) => send("PATCH", "/api/org/settings", { crm_webhook_url: url })],
    ["realtime_url", "wss", (url) => send("PUT", "/api/integrations/openai", { credentials: { api_key: "sk-fuzz", realtime_url: url } })],
  ];
  for (const [field, scheme, save] of fields) {
    await fc.assert(
      fc.asyncProperty(generatedUrl, async (url) => {
        const response = await save(url);
        await response.body?.cancel();
        requests++;
        if (response.status >= 500) {
          serverErrors++;
          failures.push(`${field} ${JSON.stringify(url)} answered ${response.status}`);
        }
        if (response.status === 200) {
          stored++;
          if (urlRefusal(url.trim(), scheme, policy)) {
            storedRefusable++;
            failures.push(`${field} stored ${JSON.stringify(url)}, which the guard refuses`);
          }
        }
        return true;
      }),
      { numRuns: RUNS, seed: Number(process.env.RELIABILITY_SEED ?? 20261123) },
    );
  }
  return {
    url_requests: requests,
    url_stored: stored,
    url_stored_refusable: storedRefusable,
    url_5xx: serverErrors,
    url_policy: isLocalBaseUrl(context.base) ? "local" : "deployed",
  };
}

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
    const urls = await fuzzUrlFields(context, failures);
    return outcome(
      { requests, endpoints: ENDPOINTS.length, status_5xx: serverErrors, stack_traces: stackTraces, outside_envelope: outsideEnvelope, ...urls },
      failures.slice(0, 8),
    );
  },
};
