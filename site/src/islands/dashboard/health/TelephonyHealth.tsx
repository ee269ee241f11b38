import type { ProbeTarget } from "@nikki/core";
import { useEffect, useState } from "react";
import { toast } from "../../../lib/toast";
import "../agents/agents.css";
import "./health.css";
import { type ProbeRow, ProbeList, useCanOperate, useProbes } from "./use-probes";

interface Row extends ProbeRow {
  target: Extract<ProbeTarget, "voice_inbound" | "messaging_inbound">;
  path: string;
}

const ROW_DETAILS = [
  { target: "voice_inbound", name: "Voice webhook", path: "/twilio/voice/inbound", purpose: "A call comes in: Twilio asks how to answer it (TwiML)." },
  { target: "messaging_inbound", name: "Messaging webhook", path: "/twilio/messaging/inbound", purpose: "A text comes in: Twilio asks for the reply (TwiML)." },
] as const;

/** Telephony Health Check (spec 001 §2): this deployment's voice and messaging webhooks, each called as Twilio would. */
export default function TelephonyHealth() {
  const [origin, setOrigin] = useState("");
  const canRun = useCanOperate();
  const probes = useProbes();
  const { check: probe, running } = probes;
  const rows: Row[] = ROW_DETAILS.map((row) => ({
    ...row,
    detail: (
      <>
        <code>
          POST {origin}
          {row.path}
        </code>
        <p className="muted">{row.purpose}</p>
      </>
    ),
  }));
  useEffect(() => {
    setOrigin(window.location.origin);
  }, []);

  async function check(row: Row): Promise<boolean> {
    const state = await probe(row);
    if (state.badge === "Healthy") toast({ title: "Check Passed", description: `${row.name}: Endpoint Healthy` });
    else if (state.status === null && state.problem) toast({ variant: "destructive", title: "Check Failed", description: state.problem });
    else toast({ variant: "destructive", title: "Check Failed", description: `${row.name}: Endpoint Error: endpoint is not responding.` });
    return state.badge === "Healthy";
  }

  async function runAll() {
    for (const row of rows) await check(row);
  }

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
        <ProbeList rows={rows} probes={probes} busy={!canRun} onTest={(row) => void check(row as Row)} />
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
