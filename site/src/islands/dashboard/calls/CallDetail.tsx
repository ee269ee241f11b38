import { CALL_MESSAGES, type CallDetailResource, redactPii } from "@nikki/core";
import { useEffect, useState } from "react";
import { getJson, postJson } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { ModalHeader, useModal } from "../Modal";
import CallActions from "./CallActions";

const REPROCESS_RELOAD_MS = 3_000;

const clock = (ms: number | null) => (ms === null ? "" : `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`);
const duration = (seconds: number | null) => (seconds === null ? "—" : `${Math.floor(seconds / 60)}m ${seconds % 60}s`);
const entityLabel = (key: string) => key.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());

function ProcessingStatus({ call }: { call: CallDetailResource }) {
  if (call.processing_status === "pending") {
    return (
      <p className="processing" role="status">
        <span className="spinner" aria-hidden="true" /> {CALL_MESSAGES.processing}
      </p>
    );
  }
  if (call.processing_status === "failed") return <p className="field-error">{CALL_MESSAGES.failed}</p>;
  return <span className="badge badge-positive">{CALL_MESSAGES.processed}</span>;
}

const ms = (value: number | null) => (value === null ? "—" : value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value} ms`);

function LatencyAndCost({ call }: { call: CallDetailResource }) {
  const { latency } = call;
  return (
    <dl className="call-facts">
      <dt>Greeting</dt>
      <dd>{latency ? `${ms(latency.greeting_ms)} from pickup to Nikki's first word` : "Not measured (the AI did not take this call)"}</dd>
      {latency && (
        <>
          <dt>Turn gap</dt>
          <dd>
            {latency.turn_gaps_ms.length
              ? `p50 ${ms(latency.turn_gap_p50_ms)}, p95 ${ms(latency.turn_gap_p95_ms)} over ${latency.turn_gaps_ms.length} turns`
              : "No full turns"}
          </dd>
          <dt>Barge-ins</dt>
          <dd>{latency.barge_ins}</dd>
          <dt>Tools</dt>
          <dd>{latency.tools.length ? latency.tools.map((tool) => `${tool.name} ${ms(tool.ms)}${tool.ok ? "" : " (failed)"}`).join(", ") : "None"}</dd>
        </>
      )}
      <dt>Estimated cost</dt>
      <dd>
        {call.cost_usd === null ? "Known when the call ends" : `$${call.cost_usd.toFixed(2)} (${latency ? "telephony and AI minutes" : "telephony minutes"})`}
      </dd>
    </dl>
  );
}

/** One call (spec 001 §2, §4): recording, transcript with the Redact PII toggle, summary, entities, sentiment, actions. */
export default function CallDetail({ callId, changed, canAct, onClose }: { callId: string | null; changed: number; canAct: boolean; onClose(): void }) {
  const dialog = useModal(callId !== null);
  const [call, setCall] = useState<CallDetailResource | null>(null);
  const [failed, setFailed] = useState(false);
  const [redact, setRedact] = useState(true);

  async function load(id: string) {
    const result = await getJson<{ call: CallDetailResource }>(`/api/calls/${id}`);
    if (result.ok) setCall(result.data.call);
    else setFailed(true);
  }
  useEffect(() => {
    setCall(null);
    setFailed(false);
    setRedact(true);
    if (callId) void load(callId);
  }, [callId]);
  // The call changed while open (processed, ended): read it again, keeping what is shown meanwhile.
  useEffect(() => {
    if (callId && changed) void load(callId);
  }, [changed]);

  async function reprocess() {
    if (!call) return;
    const result = await postJson(`/api/calls/${call.id}/reprocess`, {});
    if (!result.ok) return void toast({ variant: "destructive", title: "Failed to reprocess call", description: result.error?.message });
    toast({ title: "Reprocessing started", description: "The AI analysis runs again; this call updates in a moment." });
    setCall({ ...call, processing_status: "pending" });
    setTimeout(() => void load(call.id), REPROCESS_RELOAD_MS);
  }

  const shown = (text: string) => (redact && call && !call.redacted ? redactPii(text) : text);
  return (
    <dialog ref={dialog} className="dialog call-detail" aria-labelledby="call-detail-title" onClose={onClose}>
      <div className="dialog-body">
        <ModalHeader id="call-detail-title" title={call ? `Call from ${call.from_number}` : "Call"} onClose={onClose} />
        {!call ? (
          <p className="muted" role="status">
            {failed ? CALL_MESSAGES.loadFailed : "Loading the call…"}
          </p>
        ) : (
          <>
            <dl className="call-facts">
              <dt>When</dt>
              <dd>{new Date(call.created_at).toLocaleString()}</dd>
              <dt>From → to</dt>
              <dd>
                {call.from_number} → {call.to_number}
              </dd>
              <dt>Agent</dt>
              <dd>{call.agent_name ?? "—"}</dd>
              <dt>Duration</dt>
              <dd>{duration(call.duration_seconds)}</dd>
              <dt>Outcome</dt>
              <dd className="capitalize">{call.outcome}</dd>
              <dt>Sentiment</dt>
              <dd className="capitalize">{call.sentiment ?? "—"}</dd>
            </dl>
            <ProcessingStatus call={call} />
            <h3>Latency and cost</h3>
            <LatencyAndCost call={call} />
            <h3>Recording</h3>
            {call.recording ? (
              <audio controls preload="none" src={`/api/calls/${call.id}/recording`} className="call-audio" />
            ) : (
              <p className="muted">{CALL_MESSAGES.noRecording}</p>
            )}
            <div className="call-section-head">
              <h3>Transcript</h3>
              {call.redacted ? (
                <span className="badge badge-neutral" title="Personal details are redacted when stored (Settings › Redact personal details), or for viewers.">
                  Redacted
                </span>
              ) : (
                <label className="call-toggle">
                  <input type="checkbox" checked={redact} onChange={(event) => setRedact(event.target.checked)} /> Redact PII
                </label>
              )}
            </div>
            {call.redacted && <p className="field-hint">Stored redacted: names, phone numbers and e-mails were masked before saving.</p>}
            {call.transcript.length === 0 ? (
              <p className="muted">{CALL_MESSAGES.noTranscript}</p>
            ) : (
              <ol className="transcript">
                {call.transcript.map((entry, index) => (
                  <li key={`${index}-${entry.at_ms}`} className={`turn turn-${entry.role}`}>
                    <span className="turn-who">{entry.role === "user" ? "Caller" : (call.agent_name ?? "Nikki")}</span>
                    <span className="turn-at">{clock(entry.at_ms)}</span>
                    <p>{shown(entry.content)}</p>
                  </li>
                ))}
              </ol>
            )}
            <h3>AI summary</h3>
            <p className={call.summary ? "" : "muted"}>{call.summary ? shown(call.summary) : CALL_MESSAGES.noSummary}</p>
            <h3>Entities</h3>
            {Object.keys(call.entities).length === 0 ? (
              <p className="muted">{CALL_MESSAGES.noEntities}</p>
            ) : (
              <dl className="call-facts">
                {Object.entries(call.entities).map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt>{entityLabel(key)}</dt>
                    <dd>{shown(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {canAct && <CallActions call={call} onReprocess={() => void reprocess()} />}
          </>
        )}
      </div>
    </dialog>
  );
}
