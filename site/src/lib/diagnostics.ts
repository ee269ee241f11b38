import { DIAGNOSTIC_CHECKS, DIAGNOSTICS_MESSAGES as M } from "@nikki/core";
import { api, call } from "./client";

export type DiagnosticStatus = "pending" | "running" | "pass" | "fail";

export interface Diagnostic {
  name: string;
  status: DiagnosticStatus;
  detail: string;
}

/** What a secret looks like in shipped code: provider keys and tokens that must stay on the server. */
const SECRET_PATTERNS: [string, RegExp][] = [
  ["an OpenAI key", /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}/],
  ["a Stripe secret key", /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}/],
  ["a Stripe webhook secret", /\bwhsec_[A-Za-z0-9]{10,}/],
  ["a Resend key", /\bre_[A-Za-z0-9]{16,}/],
  ["a Twilio auth token", /TWILIO_AUTH_TOKEN["'\s:=]+["'][0-9a-f]{32}/i],
  ["an ElevenLabs key", /\bsk_[0-9a-f]{40,}/],
];

const isTwiml = (check: { status: number; content_type: string | null }) => check.status === 200 && /xml/i.test(check.content_type ?? "");

/** The page's own HTML and every same-origin script it loaded, searched for secrets. */
async function secretsCheck(): Promise<Diagnostic> {
  const name = DIAGNOSTIC_CHECKS[7];
  const sources = [document.documentElement.outerHTML];
  const scripts = [...document.querySelectorAll<HTMLScriptElement>("script[src]"), ...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")]
    .map((element) => ("src" in element ? element.src : element.href))
    .filter((url) => new URL(url, location.href).origin === location.origin);
  for (const url of new Set(scripts))
    sources.push(
      await fetch(url)
        .then((response) => (response.ok ? response.text() : ""))
        .catch(() => ""),
    );
  for (const [label, pattern] of SECRET_PATTERNS)
    if (sources.some((source) => pattern.test(source))) return { name, status: "fail", detail: `The page's code contains ${label}` };
  return { name, status: "pass", detail: M.secretsSafe };
}

/**
 * The eight checks of /live/diagnostics, in order; `onUpdate` sees the list after each one. The banner on /live runs
 * the same checks, so it shows exactly when one fails.
 */
export async function runDiagnostics(onUpdate: (checks: Diagnostic[]) => void = () => {}): Promise<Diagnostic[]> {
  const names = DIAGNOSTIC_CHECKS;
  const checks: Diagnostic[] = names.map((name) => ({ name, status: "pending", detail: "" }));
  const settle = (index: number, result: Omit<Diagnostic, "name">) => {
    checks[index] = { name: names[index] ?? "", ...result };
    onUpdate([...checks]);
  };
  const running = (index: number) => settle(index, { status: "running", detail: "" });

  running(0);
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
  settle(
    0,
    location.protocol === "https:"
      ? { status: "pass", detail: M.https }
      : local
        ? { status: "pass", detail: M.localHttp }
        : { status: "fail", detail: M.noHttps },
  );

  running(1);
  const ping = await call(api.ping.$get);
  settle(1, ping.ok ? { status: "pass", detail: M.endpoint(ping.status, "application/json") } : { status: "fail", detail: M.requestFailed });

  running(2);
  const health = await call(api.health.$get);
  settle(
    2,
    health.ok
      ? { status: "pass", detail: `Database answered in ${health.data.database.latency_ms} ms` }
      : { status: "fail", detail: health.error?.message ?? M.requestFailed },
  );

  for (const index of [3, 4, 5, 6]) running(index);
  const report = await call(api.health.diagnostics.$get);
  if (!report.ok) for (const index of [3, 4, 5, 6]) settle(index, { status: "fail", detail: report.error?.message ?? M.requestFailed });
  else {
    const { voice_twiml: voice, messaging_twiml: messaging, bridge_health: bridge, unavailable } = report.data;
    const twiml = (check: typeof voice) =>
      isTwiml(check)
        ? { status: "pass" as const, detail: M.endpoint(check.status, check.content_type) }
        : { status: "fail" as const, detail: check.status === 0 ? (unavailable ?? M.requestFailed) : M.notTwiml(check.status, check.content_type) };
    settle(3, twiml(voice));
    settle(4, twiml(messaging));
    settle(
      5,
      bridge.says_ok
        ? { status: "pass", detail: "The bridge answered Voice Bridge OK" }
        : { status: "fail", detail: M.endpoint(bridge.status, bridge.content_type) },
    );
    settle(6, report.data.sender_number_ok ? { status: "pass", detail: M.senderOk } : { status: "fail", detail: M.noSender });
  }

  running(7);
  settle(7, await secretsCheck());
  return checks;
}
