import {
  ANSWERED_BY_LABELS,
  CALL_MESSAGES,
  type CallLatency,
  LATENCY_COPY,
  REDACTION_COPY,
  SCREENED_MESSAGES,
  TURN_TAKING_COPY,
  contactMarker,
  durationText,
  isMachine,
  isPiiMarker,
  languageCodeOf,
  languageName,
  masksContactsFor,
  processingShown,
  redactPii,
  toolAction,
  typicalTurn,
  displayPhone,
  voiceModelName,
} from "@nikki/core";
import { useEffect, useState } from "react";
import { api, call } from "../../../lib/client";
import { useMe } from "../../../lib/me";
import { useAction } from "../../../lib/use-action";
import { type Resource, useResource } from "../../../lib/use-resource";
import Loaded from "../../ui/Loaded";
import Modal from "../../ui/Modal";
import StatusBadge from "../../ui/StatusBadge";
import ExplainedFigure from "../../ui/ExplainedFigure";
import Time from "../../ui/Time";
import BlockNumber from "./BlockNumber";
import CallActions from "./CallActions";
import type { CallDetailResource } from "./call-detail-resource";
import CallTexts from "./CallTexts";
import CallBookings from "./CallBookings";
import CallFlags from "./CallFlags";
import CallOwnerNotes from "./CallOwnerNotes";
import CallQuestions from "./CallQuestions";
import CallTransfer from "./CallTransfer";

const clock = (ms: number | null) => (ms === null ? "" : `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`);
const duration = (seconds: number | null) => (seconds === null ? "—" : `${Math.floor(seconds / 60)}m ${seconds % 60}s`);
const entityLabel = (key: string) => key.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());
/** The caller's language by name ("Spanish"), or a dash for a call the AI never took. */
const spokenIn = (language: string | null) => {
  const code = languageCodeOf(language);
  return code ? languageName(code) : "—";
};

function ProcessingStatus({ call }: { call: CallDetailResource }) {
  // A silent or spam call is never analysed: why it was screened stands in for the analysis.
  if (call.screened) return <p className="field-hint">{SCREENED_MESSAGES[call.screened]}</p>;
  // A call that never reached the AI had nothing to process: it says so, and why.
  if (call.processing_status === "skipped") {
    return (
      <>
        <StatusBadge kind="processing" status={processingShown(call)} />
        <p className="field-hint">{call.status === "abandoned" ? CALL_MESSAGES.abandoned : CALL_MESSAGES.neverReached}</p>
      </>
    );
  }
  if (call.processing_status === "pending") {
    return (
      <p className="processing" role="status">
        <span className="spinner" aria-hidden="true" /> {CALL_MESSAGES.processing}
      </p>
    );
  }
  if (call.processing_status === "failed") return <p className="field-error">{CALL_MESSAGES.failed}</p>;
  // A re-run that failed leaves the previous analysis standing, and says so.
  return (
    <>
      <StatusBadge kind="processing" status={processingShown(call)} />
      {call.processing_error && <p className="field-hint">{CALL_MESSAGES.rerunFailed(call.processing_error)}</p>}
    </>
  );
}

/** The answers' response time, voice to voice, with where a typical answer's time went (on hover, focus or a tap). */
function ResponseTime({ latency }: { latency: CallLatency }) {
  const typical = typicalTurn(latency.turns);
  if (!typical) return <>{LATENCY_COPY.noAnswers}</>;
  return (
    <ExplainedFigure
      figure={LATENCY_COPY.response(latency.voice_to_voice_p50_ms, latency.voice_to_voice_p90_ms)}
      explanation={`${LATENCY_COPY.explained} ${LATENCY_COPY.share(typical)}`}
    />
  );
}

function LatencyAndCost({ call }: { call: CallDetailResource }) {
  const { latency } = call;
  return (
    <dl className="call-facts">
      {!latency && (
        <>
          <dt>{LATENCY_COPY.greeting}</dt>
          <dd>{LATENCY_COPY.notMeasured}</dd>
        </>
      )}
      {latency && (
        <>
          {latency.greeting_ms !== null && (
            <>
              <dt>{LATENCY_COPY.greeting}</dt>
              <dd>{LATENCY_COPY.greeted(latency.greeting_ms)}</dd>
            </>
          )}
          <dt>{LATENCY_COPY.responseTime}</dt>
          <dd>
            <ResponseTime latency={latency} />
          </dd>
          <dt>Barge-ins</dt>
          <dd>{latency.barge_ins}</dd>
          <dt>What {call.agent_name ?? "Nikki"} did</dt>
          <dd>
            {latency.tools.length ? (
              <ul className="call-tools">
                {latency.tools.map((tool, index) => (
                  <li key={`${index}-${tool.name}`}>{`${toolAction(tool.name, tool.ok)}, ${durationText(tool.ms)}`}</li>
                ))}
              </ul>
            ) : (
              "Nothing beyond talking"
            )}
          </dd>
        </>
      )}
      <dt>Estimated cost</dt>
      <dd>
        {call.cost_usd === null
          ? call.kind === "test"
            ? "Not billed: a Test Suite call"
            : call.status === "in-progress"
              ? "Known when the call ends"
              : "Not known"
          : `$${call.cost_usd.toFixed(2)} (${latency && !call.screened ? "telephony and AI minutes" : "telephony minutes"})`}
      </dd>
    </dl>
  );
}

/** One call (spec 001 §2, §4): recording, transcript with the Redact PII toggle, summary, entities, sentiment, actions. */
export default function CallDetail({ callId, changed, canAct, onClose }: { callId: string | null; changed: number; canAct: boolean; onClose(): void }) {
  const read = useResource(() => call(api.calls[":id"].$get, { param: { id: callId ?? "" } }), {
    failure: CALL_MESSAGES.loadFailed,
    skip: callId === null,
    // Read again when the call changed while open (processed, ended), keeping what is shown meanwhile.
    deps: [callId, changed],
  });
  // Only this call's answer is shown: another call's, still held while this one loads, is not.
  const detail: Resource<{ call: CallDetailResource }> = { ...read, data: read.data?.call.id === callId ? read.data : undefined };
  const [redact, setRedact] = useState(true);
  const me = useMe();
  const organization = me?.organization?.name ?? "";
  const contactsMasked = me?.role ? masksContactsFor(me.role) : false;
  const action = useAction();
  useEffect(() => setRedact(true), [callId]);

  async function reprocess(shown: CallDetailResource) {
    const done = await action.run({
      request: () => call(api.calls[":id"].reprocess.$post, { param: { id: shown.id } }, {}),
      failure: "Failed to reprocess call",
      success: { title: "Reprocessing started", description: "The AI analysis runs again; this call updates in a moment." },
    });
    if (!done) return;
    // The analysis's end comes on the live channel (CallsPage reads this call again then).
    read.update((current) => ({ call: { ...current.call, processing_status: "pending" } }));
  }

  const title = detail.data ? (
    <>
      Call from <span className="phone-number">{displayPhone(detail.data.call.from_number)}</span>
    </>
  ) : (
    "Call"
  );
  return (
    <Modal open={callId !== null} onClose={onClose} title={title} titleId="call-detail-title" className="call-detail">
      <Loaded resource={detail} loading="Loading the call…">
        {({ call: shown }) => {
          // The business's own names (its greeting says them) are not the caller's PII.
          const text = (value: string) => (redact && !shown.redacted ? redactPii(value, [organization, shown.agent_name ?? ""]) : value);
          // What is redacted is the speech (transcript, summary), badged where there is some; the caller's contact
          // details are shown as the server gives them.
          const redactedBadge = (speech: boolean) =>
            shown.redacted &&
            speech && (
              <span className="badge badge-neutral" title={REDACTION_COPY.badgeTitle}>
                Redacted
              </span>
            );
          const spoken = shown.transcript.length > 0;
          return (
            <>
              <dl className="call-facts">
                <dt>When</dt>
                <dd>
                  <Time at={shown.created_at} />
                  <CallFlags call={shown} zone={me?.organization?.time_zone} />
                </dd>
                <dt>From → to</dt>
                <dd>
                  <span className="phone-number">{displayPhone(shown.from_number)}</span> →{" "}
                  <span className="phone-number">{displayPhone(shown.to_number)}</span>
                  {shown.caller.returning && (
                    <span className="call-returning">
                      <StatusBadge kind="callFlag" status="returning" label={CALL_MESSAGES.returningCaller(shown.caller.previous_calls)} />
                    </span>
                  )}
                </dd>
                <dt>Agent</dt>
                <dd>{shown.agent_name ?? "—"}</dd>
                <dt>Duration</dt>
                <dd>{duration(shown.duration_seconds)}</dd>
                <dt>Outcome</dt>
                <dd>
                  <StatusBadge kind="callOutcome" status={shown.outcome} />
                </dd>
                {shown.answered_by ? (
                  <>
                    <dt>Answered by</dt>
                    <dd>{ANSWERED_BY_LABELS[shown.answered_by]}</dd>
                  </>
                ) : null}
                <dt>Sentiment</dt>
                <dd className="capitalize">{shown.sentiment ?? "—"}</dd>
                <dt>Language</dt>
                <dd>{spokenIn(shown.language)}</dd>
                <dt>{TURN_TAKING_COPY.model}</dt>
                <dd>{shown.realtime_model ? voiceModelName(shown.realtime_model) : "—"}</dd>
              </dl>
              <ProcessingStatus call={shown} />
              <CallBookings appointments={shown.appointments} />
              <CallTransfer transfer={shown.transfer} />
              <CallTexts texts={shown.texts} />
              <h3>Latency and cost</h3>
              <LatencyAndCost call={shown} />
              <h3>Recording</h3>
              {shown.recording ? (
                <audio controls preload="none" src={api.calls[":id"].recording.$path({ param: { id: shown.id } })} className="call-audio" />
              ) : (
                <p className="muted">{CALL_MESSAGES.noRecording}</p>
              )}
              <div className="call-section-head">
                <h3>Transcript</h3>
                {spoken &&
                  (redactedBadge(true) || (
                    <label className="call-toggle">
                      <input type="checkbox" checked={redact} onChange={(event) => setRedact(event.target.checked)} /> Redact PII
                    </label>
                  ))}
              </div>
              {shown.redacted && spoken && <p className="field-hint">{REDACTION_COPY.redactedHint}</p>}
              {!spoken ? (
                <p className="muted">{CALL_MESSAGES.noTranscript}</p>
              ) : (
                <ol className="transcript">
                  {shown.transcript.map((entry, index) => (
                    <li key={`${index}-${entry.at_ms}`} className={`turn turn-${entry.role}`}>
                      <span className="turn-who">{entry.role === "user" ? "Caller" : (shown.agent_name ?? "Nikki")}</span>
                      <span className="turn-at">{clock(entry.at_ms)}</span>
                      <p>{text(entry.content)}</p>
                    </li>
                  ))}
                </ol>
              )}
              <div className="call-section-head">
                <h3>{isMachine(shown.answered_by) ? "What happened" : "AI summary"}</h3>
                {redactedBadge(Boolean(shown.summary))}
              </div>
              <p className={shown.summary ? "" : "muted"}>{shown.summary ? text(shown.summary) : CALL_MESSAGES.noSummary}</p>
              <CallQuestions questions={shown.unanswered_questions} canAnswer={canAct} agentName={shown.agent_name ?? "the agent"} />
              <CallOwnerNotes notes={shown.owner_notes} />
              <h3>Entities</h3>
              {contactsMasked ? (
                <p className="field-hint">{REDACTION_COPY.contactsMasked}</p>
              ) : (
                Object.entries(shown.entities).some(([key, value]) => contactMarker(key) && isPiiMarker(value)) && (
                  <p className="field-hint">{REDACTION_COPY.contactsStoredRedacted}</p>
                )
              )}
              {Object.keys(shown.entities).length === 0 ? (
                <p className="muted">{CALL_MESSAGES.noEntities}</p>
              ) : (
                <dl className="call-facts">
                  {Object.entries(shown.entities).map(([key, value]) => (
                    <div key={key} className="contents">
                      <dt>{entityLabel(key)}</dt>
                      <dd>{contactMarker(key) ? value : text(value)}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {canAct && <CallActions call={shown} onReprocess={() => void reprocess(shown)} />}
              {canAct && (
                <div className="call-actions">
                  <BlockNumber call={shown} onBlocked={(blocked) => read.update((current) => ({ call: { ...current.call, number_blocked: blocked } }))} />
                </div>
              )}
            </>
          );
        }}
      </Loaded>
    </Modal>
  );
}
