import { HOUSE_WIDGET_KEY } from "@nikki/core";
import { useCallback, useEffect, useState } from "react";
import { type DataOf, api } from "../lib/client";

type Status = "loading" | "pass" | "fail";

interface Check {
  name: string;
  status: Status;
  detail: string;
}

type VoiceHealth = DataOf<typeof api.health.voice.$get>;

const get = async (path: string) => {
  const started = performance.now();
  const response = await fetch(path, { cache: "no-store", headers: { accept: "application/json, */*" } });
  return { response, ms: Math.round(performance.now() - started) };
};

/** The nine checks of /health (spec 001 §2), each against this deployment's real endpoints. */
const CHECKS: { name: string; run(voice: Promise<VoiceHealth | null>): Promise<[boolean, string]> }[] = [
  {
    name: "Website",
    run: async () => {
      const { response, ms } = await get("/");
      return [response.ok, `${response.status} in ${ms} ms`];
    },
  },
  {
    name: "API",
    run: async () => {
      const { response, ms } = await get(api.ping.$path());
      return [response.ok, `${response.status} in ${ms} ms`];
    },
  },
  {
    name: "Database",
    run: async () => {
      const { response } = await get(api.health.$path());
      const body = (await response.json().catch(() => null)) as { database?: { ok: boolean; latency_ms: number } } | null;
      return [Boolean(body?.database?.ok), body?.database ? `round trip ${body.database.latency_ms} ms` : `${response.status}: unreachable`];
    },
  },
  {
    name: "Widget script",
    run: async () => {
      const { response } = await get("/widget/v1/loader.js");
      return [response.ok, response.ok ? "loader.js served" : `${response.status}`];
    },
  },
  {
    name: "Widget configuration",
    run: async () => {
      const { response } = await get(api.widget.config.$path({ query: { key: HOUSE_WIDGET_KEY } }));
      return [response.ok, response.ok ? "house widget key recognised" : `${response.status}`];
    },
  },
  {
    name: "Telephony credentials",
    run: async (voice) => {
      const v = await voice;
      return [
        Boolean(v?.checks.twilioAccountSid && v.checks.twilioAuthToken),
        v?.checks.twilioAccountSid ? "Twilio account configured" : "TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN missing",
      ];
    },
  },
  {
    name: "Phone number",
    run: async (voice) => {
      const v = await voice;
      return [Boolean(v?.checks.twilioFromNumber), v?.checks.twilioFromNumber ? "a number is assigned to an agent" : "no active number assigned to an agent"];
    },
  },
  {
    name: "Voice webhooks",
    run: async (voice) => {
      const v = await voice;
      return [
        Boolean(v?.checks.voiceWebhookUrl && v.checks.mediaStreamWss),
        v?.checks.voiceWebhookUrl ? "webhook and media stream URLs set" : "PUBLIC_BASE_URL missing",
      ];
    },
  },
  {
    name: "AI voice",
    run: async (voice) => {
      const v = await voice;
      return [Boolean(v?.checks.openaiApiKey), v?.checks.openaiApiKey ? "OpenAI configured" : "OPENAI_API_KEY missing"];
    },
  },
];

const initial = (): Check[] => CHECKS.map((check) => ({ name: check.name, status: "loading", detail: "Checking..." }));

export default function SystemHealth() {
  const [checks, setChecks] = useState<Check[]>(initial);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);

  const run = useCallback(() => {
    setChecks(initial());
    // What this deployment should not rely on (no mail provider, a derived encryption key): said, not hidden.
    void get(api.health.$path())
      .then(({ response }) => response.json() as Promise<{ warnings?: string[] }>)
      .then((body) => setWarnings(body.warnings ?? []))
      .catch(() => setWarnings([]));
    const voice = get(api.health.voice.$path())
      .then(({ response }) => response.json() as Promise<VoiceHealth>)
      .catch(() => null);
    void Promise.all(
      CHECKS.map(async (check, index) => {
        const [ok, detail] = await check
          .run(voice)
          .catch((error: unknown): [boolean, string] => [false, error instanceof Error ? error.message.slice(0, 100) : "failed"]);
        setChecks((current) => current.map((item, i) => (i === index ? { ...item, status: ok ? "pass" : "fail", detail } : item)));
      }),
    ).then(() => setCheckedAt(new Date()));
  }, []);

  useEffect(run, [run]);

  const badge = checks.some((check) => check.status === "loading")
    ? ["Checking...", "checking"]
    : checks.every((check) => check.status === "pass")
      ? ["All Systems Operational", "pass"]
      : ["Issues Detected", "fail"];

  return (
    <div className="system-health">
      <div className="health-head">
        <p className={`health-badge ${badge[1]}`} role="status">
          {badge[0]}
        </p>
        <button type="button" className="btn btn-secondary" onClick={run} disabled={badge[1] === "checking"}>
          Run checks again
        </button>
      </div>
      <ul className="health-list">
        {checks.map((check) => (
          <li key={check.name} className={`card health-item ${check.status}`}>
            <span className="dot" aria-hidden="true" />
            <strong>{check.name}</strong>
            <span className="muted">{check.status === "loading" ? "Checking..." : `${check.status === "pass" ? "Pass" : "Fail"}: ${check.detail}`}</span>
          </li>
        ))}
      </ul>
      {warnings.length > 0 && (
        <div className="card health-warnings" role="note">
          <strong>Configuration notes</strong>
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      {checkedAt && <p className="muted checked-at">Last checked {checkedAt.toLocaleTimeString()}</p>}
    </div>
  );
}
