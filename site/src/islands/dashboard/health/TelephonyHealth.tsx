import type { ProbeResult, ProbeTarget } from "@nikki/core";
import { useEffect, useState } from "react";
import { postJson } from "../../../lib/api";
import { loadMe } from "../../../lib/me";
import { toast } from "../../../lib/toast";
import "../agents/agents.css";
import "./health.css";

type Badge = "Not Tested" | "Checking..." | "Healthy" | "Error";
interface Row {
  target: Extract<ProbeTarget, "voice_inbound" | "messaging_inbound">;
  name: string;
  path: string;
  purpose: string;
}
interface Checked {
  badge: Badge;
  status: number | null;
  ms: number | null;
}

const ROWS: Row[] = [
  { target: "voice_inbound", name: "Voice webhook", path: "/twilio/voice/inbound", purpose: "A call comes in: Twilio asks how to answer it (TwiML)." },
  { target: "messaging_inbound", name: "Messaging webhook", path: "/twilio/messaging/inbound", purpose: "A text comes in: Twilio asks for the reply (TwiML)." },
];
const BADGE_CLASS: Record<Badge, string> = {
  "Not Tested": "badge-inactive",
  "Checking...": "badge-configured",
  Healthy: "badge-active",
  Error: "badge-failed",
};
const UNTESTED: Checked = { badge: "Not Tested", status: null, ms: null };

/** Healthy only on 200 with an XML content type: what Twilio needs to read TwiML. */
const healthy = (probe: ProbeResult) => probe.status === 200 && /xml/i.test(probe.content_type ?? "");

/** Telephony Health Check (spec 001 §2): this deployment's voice and messaging webhooks, each called as Twilio would. */
export default function TelephonyHealth() {
  const [origin, setOrigin] = useState("");
  const [canRun, setCanRun] = useState<boolean | null>(null);
  const [checked, setChecked] = useState<Record<string, Checked>>({});
  const [running, setRunning] = useState<string | null>(null);
  useEffect(() => {
    setOrigin(window.location.origin);
    void loadMe().then((me) => setCanRun(me?.role === "owner" || me?.role === "admin"));
  }, []);

  async function check(row: Row): Promise<boolean> {
    setRunning(row.target);
    setChecked((all) => ({ ...all, [row.target]: { badge: "Checking...", status: null, ms: null } }));
    const result = await postJson<{ probe: ProbeResult }>("/api/health/probe", { target: row.target });
    setRunning(null);
    if (!result.ok) {
      setChecked((all) => ({ ...all, [row.target]: { badge: "Error", status: null, ms: null } }));
      toast({ variant: "destructive", title: "Check Failed", description: result.status === 0 ? "Network error" : (result.error?.message ?? "Network error") });
      return false;
    }
    const { probe } = result.data;
    const ok = healthy(probe);
    setChecked((all) => ({ ...all, [row.target]: { badge: ok ? "Healthy" : "Error", status: probe.status, ms: probe.ms } }));
    if (ok) toast({ title: "Check Passed", description: `${row.name}: Endpoint Healthy` });
    else toast({ variant: "destructive", title: "Check Failed", description: `${row.name}: Endpoint Error: endpoint is not responding.` });
    return ok;
  }

  async function runAll() {
    for (const row of ROWS) await check(row);
  }

  if (canRun === false) return <p className="card panel">Only owners and admins can run the telephony checks.</p>;
  return (
    <>
      <section className="card panel" aria-labelledby="endpoints-title">
        <div className="panel-head">
          <div>
            <h2 id="endpoints-title">Webhook endpoints</h2>
            <p>Each check sends this deployment's own webhook a request signed as Twilio signs it; nothing is recorded for it.</p>
          </div>
          <button type="button" className="btn btn-primary" disabled={running !== null || !canRun} onClick={() => void runAll()}>
            Run All Checks
          </button>
        </div>
        <ul className="endpoint-list">
          {ROWS.map((row) => {
            const state = checked[row.target] ?? UNTESTED;
            return (
              <li key={row.target} className="endpoint-row" aria-labelledby={`endpoint-${row.target}`}>
                <div className="endpoint-main">
                  <h3 id={`endpoint-${row.target}`}>{row.name}</h3>
                  <code>
                    POST {origin}
                    {row.path}
                  </code>
                  <p className="muted">{row.purpose}</p>
                </div>
                <div className="endpoint-state">
                  <span className={`badge ${BADGE_CLASS[state.badge]}`}>{state.badge}</span>
                  <span className="muted">
                    {state.status !== null ? `Status ${state.status}` : "—"} · {state.ms !== null ? `${state.ms} ms` : "—"}
                  </span>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={running !== null || !canRun}
                    onClick={() => void check(row)}
                    aria-label={`Test ${row.name}`}
                  >
                    {running === row.target ? "Testing..." : "Test"}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="card panel" aria-labelledby="guide-title">
        <div className="panel-head">
          <div>
            <h2 id="guide-title">Configuration guide</h2>
            <p>For a number set up by hand in Twilio.</p>
          </div>
        </div>
        <ol className="guide-steps">
          <li>
            In the Twilio console, open the number's configuration. Under <strong>A call comes in</strong>, set the voice webhook to{" "}
            <code>{origin}/twilio/voice/inbound</code>.
          </li>
          <li>
            Under <strong>A message comes in</strong>, set the messaging webhook to <code>{origin}/twilio/messaging/inbound</code>.
          </li>
          <li>
            Use <strong>HTTP POST</strong> for both. Numbers bought in Numbers are set up this way for you.
          </li>
        </ol>
        <p>
          <a href="https://console.twilio.com/us1/develop/phone-numbers/manage/incoming" target="_blank" rel="noopener noreferrer">
            Open the Twilio console
          </a>
        </p>
      </section>
    </>
  );
}
