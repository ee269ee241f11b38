import {
  LATENCY_COPY,
  type LiveCallResource,
  type LiveCallView,
  type LiveLatency,
  OWNER_NOTE_LABEL,
  liveResponseTime,
  liveStateLabel,
  displayPhone,
} from "@nikki/core";
import { type ReactNode, useEffect, useRef } from "react";
import { useLiveCall } from "../../../../lib/use-live-call";
import ExplainedFigure from "../../../ui/ExplainedFigure";
import Modal from "../../../ui/Modal";
import LiveControls from "./LiveControls";
import RunningTimer from "./RunningTimer";
import "../calls.css";
import "./live.css";

/** The answers' response time so far, what it measures on hover, focus or a tap (as the call's detail says it). */
function ResponseSoFar({ latency }: { latency: LiveLatency }) {
  if (latency.turns === 0) return <>{liveResponseTime(latency)}</>;
  return <ExplainedFigure figure={liveResponseTime(latency)} explanation={LATENCY_COPY.explained} />;
}

interface LiveCallPanelProps {
  call: LiveCallResource | null;
  /** Owners and admins act on the call (a note, Take over, End call); the live routes refuse anyone else. */
  canAct: boolean;
  /** The call is over: the page shows its detail in place of this view. */
  onEnded(callId: string): void;
  onClose(): void;
  /**
   * Slot for "Listen in" (issue 56 §2): its Listen button and player for this call, rendered in the view for owners and
   * admins only, told the view as it changes (a transfer ends the call's stream).
   */
  listen?: (callId: string, view: LiveCallView | null) => ReactNode;
}

/**
 * Watching a call as it happens (issue 56 §1): where it is ("Talking with Grace", "Ringing Grace…", "Connected to
 * Grace"), how long it has gone, its response time so far, the transcript as each line's speaker finishes it, and what
 * the agent and the owners do; for owners and admins a note, Take over and End call. It turns into the call's detail
 * when the call ends, without a reload.
 */
export default function LiveCallPanel({ call, canAct, onEnded, onClose, listen }: LiveCallPanelProps) {
  const { view, ended } = useLiveCall(call?.id ?? null);
  // The newest line in sight as it comes (the transcript scrolls within the view).
  const transcript = useRef<HTMLOListElement>(null);
  const lineCount = view?.transcript.length ?? 0;
  useEffect(() => {
    if (lineCount > 0) transcript.current?.scrollTo({ top: transcript.current.scrollHeight });
  }, [lineCount]);
  useEffect(() => {
    if (ended && call) onEnded(call.id);
  }, [ended, call, onEnded]);
  const agent = call?.agent_name ?? "Nikki";
  return (
    <Modal
      open={call !== null}
      onClose={onClose}
      title={call ? `Live: call from ${call.caller.name ?? displayPhone(call.from_number)}` : "Live call"}
      titleId="live-call-title"
      className="call-detail live-call"
    >
      {call && (
        <>
          <div className="live-head">
            <p className="live-state" role="status">
              <span className="live-dot" aria-hidden="true" /> {view ? liveStateLabel(view.state, agent, view.with) : "Connecting…"}
            </p>
            <RunningTimer since={call.started_at} />
          </div>
          {/* The stored detail's figures and words, so far: each answer voice to voice as it is timed. */}
          <dl className="call-facts">
            {view && view.latency.greeting_ms !== null && (
              <>
                <dt>{LATENCY_COPY.greeting}</dt>
                <dd>{LATENCY_COPY.greeted(view.latency.greeting_ms)}</dd>
              </>
            )}
            <dt>{LATENCY_COPY.responseTime}</dt>
            <dd>{view ? <ResponseSoFar latency={view.latency} /> : "—"}</dd>
          </dl>
          {canAct && listen?.(call.id, view)}
          <h3>Transcript</h3>
          {view && view.transcript.length > 0 ? (
            <ol ref={transcript} className="transcript live-transcript" aria-live="polite">
              {view.transcript.map((line) => (
                <li key={line.id} className={`turn turn-${line.role}`}>
                  <span className="turn-who">{line.role === "user" ? "Caller" : agent}</span>
                  <p>{line.text}</p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">Nothing said yet.</p>
          )}
          <h3>What's happening</h3>
          {view && view.events.length > 0 ? (
            <ul className="live-events" aria-live="polite">
              {view.events.map((event) => (
                <li key={event.id} className={`live-event live-event-${event.kind}`}>
                  {event.kind === "owner_note" && <strong>{OWNER_NOTE_LABEL}: </strong>}
                  {event.text}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{agent} has only talked so far.</p>
          )}
          {canAct && <LiveControls callId={call.id} agent={agent} withAgent={view?.state === "talking"} />}
        </>
      )}
    </Modal>
  );
}
