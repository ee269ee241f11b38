import { LISTEN_MESSAGES, type LiveCallState, listenClosedMessage, listenStopped } from "@nikki/core";
import { useEffect, useRef, useState } from "react";
import { api, call } from "../../../../lib/client";
import { type ListenPlayer, playListen } from "../../../../lib/listen/player";
import { useMe } from "../../../../lib/me";

type State = { kind: "idle"; note: string | null } | { kind: "connecting" } | { kind: "listening" };

/** The meter shows the level in decibels from FLOOR_DB (empty) to full scale: a quiet line still moves it. */
const FLOOR_DB = -60;
const meterShare = (level: number) => (level <= 0 ? 0 : Math.max(0, Math.min(1, 1 - (20 * Math.log10(level)) / FLOOR_DB)));

/**
 * Listen in (issue 56 §2), in the live view for owners and admins: the call's audio, both sides mixed, played here
 * with a level meter (its `data-level` is the analyser's reading). It stops when the call ends or the member may no
 * longer listen, and says why. While listening is off for the organization, or the caller is being put through to a
 * person (the call's stream is over: `callState` from the live view), Listen is shown disabled with the reason.
 */
export default function LiveListen({ callId, callState, withWhom }: { callId: string; callState: LiveCallState | null; withWhom: string | null }) {
  const [state, setState] = useState<State>({ kind: "idle", note: null });
  const [level, setLevel] = useState(0);
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const player = useRef<ListenPlayer | null>(null);
  const owner = useMe()?.role === "owner";

  useEffect(() => {
    let current = true;
    void call(api.org.settings.$get).then((result) => current && result.ok && setAllowed(result.data.settings.live_listening));
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => () => player.current?.stop(), []);
  // What the last socket's close said is stale once the call moves on (put through, or back with the agent).
  useEffect(() => setState((now) => (now.kind === "idle" ? { kind: "idle", note: null } : now)), [callState]);
  useEffect(() => {
    if (state.kind !== "listening") return;
    let frame = 0;
    const tick = () => {
      setLevel(player.current?.level() ?? 0);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [state.kind]);

  async function start() {
    setState({ kind: "connecting" });
    const ticket = await call(api.calls[":id"].listen.$post, { param: { id: callId } }, {});
    if (!ticket.ok) return setState({ kind: "idle", note: ticket.error?.message ?? LISTEN_MESSAGES.failed });
    if (typeof AudioWorkletNode === "undefined") return setState({ kind: "idle", note: LISTEN_MESSAGES.unsupported });
    try {
      player.current = await playListen(ticket.data.url, (code) => {
        player.current = null;
        setLevel(0);
        setState({ kind: "idle", note: listenClosedMessage(code) });
      });
      setState({ kind: "listening" });
    } catch {
      setState({ kind: "idle", note: LISTEN_MESSAGES.failed });
    }
  }

  function stop() {
    player.current?.stop();
    player.current = null;
    setLevel(0);
    setState({ kind: "idle", note: null });
  }

  const listening = state.kind === "listening";
  // A stream that ended for a transfer says so, not "The call has ended."; one still heard plays on until it closes.
  const stopped = callState && !listening ? listenStopped(callState, withWhom) : null;
  const blocked = allowed === false ? LISTEN_MESSAGES.notAllowed : stopped;
  const note = blocked ?? (state.kind === "idle" ? state.note : null);
  return (
    <div className="live-listen">
      <button
        type="button"
        className={`btn btn-sm ${listening ? "btn-secondary" : "btn-primary"}`}
        aria-pressed={listening}
        aria-describedby={blocked ? `listen-why-${callId}` : undefined}
        disabled={state.kind === "connecting" || (blocked !== null && !listening)}
        onClick={listening ? stop : start}
      >
        {listening ? LISTEN_MESSAGES.stop : LISTEN_MESSAGES.listen}
      </button>
      {state.kind === "connecting" && <span className="muted">{LISTEN_MESSAGES.connecting}</span>}
      {listening && (
        <span
          className="live-listen-meter"
          role="meter"
          aria-label={LISTEN_MESSAGES.listening}
          aria-valuemin={0}
          aria-valuemax={1}
          aria-valuenow={meterShare(level)}
          data-level={level.toPrecision(3)}
        >
          <span style={{ width: `${Math.round(meterShare(level) * 100)}%` }} />
        </span>
      )}
      {listening && <span className="muted">{LISTEN_MESSAGES.listening}</span>}
      {note && (
        <span className="muted" role="status" id={`listen-why-${callId}`}>
          {note}
          {allowed === false && owner && (
            <>
              {" "}
              <a href="/dashboard/settings#calls-data">{LISTEN_MESSAGES.settingsLink}</a>
            </>
          )}
        </span>
      )}
    </div>
  );
}
