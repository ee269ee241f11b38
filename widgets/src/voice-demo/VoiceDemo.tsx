import { DEMO_CALL_ERRORS, VOICE_DEMO_ERRORS } from "@nikki/core/widget-copy";
import { useEffect, useMemo, useRef, useState } from "react";
import type { WidgetProps } from "../lib/define-widget";
import { createToasts } from "../lib/toasts";
import { type HealthCheck, microphoneCheck, secureContextCheck, tokenEndpointCheck } from "./health-checks";
import { DemoError, type LogEntry, RealtimeSession, type TranscriptEntry } from "./realtime-session";

const CHECKING: HealthCheck[] = ["Secure connection", "Microphone", "Voice service"].map((name) => ({ name, status: "checking", message: "Checking..." }));

function messageFor(error: unknown): string {
  if (!(error instanceof DemoError)) return DEMO_CALL_ERRORS.unknown;
  const known = { ...DEMO_CALL_ERRORS, ...VOICE_DEMO_ERRORS } as Record<string, string>;
  return known[error.code] ?? error.message;
}

/** The browser voice demo (spec 000 §2 "Hear it in Browser"): health, controls, live transcript, events. */
export function VoiceDemo({ context }: WidgetProps) {
  const [checks, setChecks] = useState(CHECKING);
  const [signedIn, setSignedIn] = useState(false);
  const [running, setRunning] = useState(false);
  const [starting, setStarting] = useState(false);
  const [connection, setConnection] = useState<string>("disconnected");
  const [muted, setMuted] = useState(false);
  const [level, setLevel] = useState(0);
  const [transcript, setTranscript] = useState<TranscriptEntry[]>([]);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [audioBlocked, setAudioBlocked] = useState(false);
  const [question, setQuestion] = useState("");
  const session = useRef<RealtimeSession | null>(null);
  const { show, Toasts } = useMemo(createToasts, []);
  const controls = useRef({ toggle: () => {}, mute: () => {} });

  useEffect(() => {
    void Promise.all([microphoneCheck(), tokenEndpointCheck(context.base)]).then(([microphone, token]) => {
      setChecks([secureContextCheck(), microphone, token.check]);
      setSignedIn(token.signedIn);
    });
    return () => session.current?.stop();
  }, []);

  const addLog = (entry: LogEntry) => setLog((entries) => [...entries.slice(-99), entry]);

  async function start() {
    if (!signedIn) return show("error", "Failed to Start", VOICE_DEMO_ERRORS.signed_out);
    setStarting(true);
    setTranscript([]);
    const current = new RealtimeSession(context.base, {
      onState: (state) => {
        setConnection(state === "closed" ? "disconnected" : state);
        if (state === "failed") show("error", "WebRTC Error", VOICE_DEMO_ERRORS.wss_failed);
      },
      onTranscript: setTranscript,
      onLog: addLog,
      onLevel: setLevel,
      onAudioBlocked: () => setAudioBlocked(true),
    });
    session.current = current;
    try {
      await current.start();
      current.setMuted(muted);
      setRunning(true);
      show("success", "Demo Started", "Speak, or type a question below.");
    } catch (error) {
      current.stop();
      session.current = null;
      addLog({ message: error instanceof Error ? error.message : String(error), type: "error", timestamp: Date.now() });
      show("error", "Failed to Start", messageFor(error));
    } finally {
      setStarting(false);
    }
  }

  function stop() {
    session.current?.stop();
    session.current = null;
    setRunning(false);
    setAudioBlocked(false);
    setConnection("disconnected");
    show("info", "Demo Stopped");
  }

  function toggleMute() {
    const next = !muted;
    setMuted(next);
    session.current?.setMuted(next);
  }

  async function enableAudio() {
    try {
      await session.current?.enableAudio();
      setAudioBlocked(false);
      show("success", "Audio Enabled");
    } catch {
      show("error", "Failed to Enable Audio", "Click again, or check the site's sound permission.");
    }
  }

  function ask(event: Event) {
    event.preventDefault();
    const text = question.trim();
    if (!text) return;
    try {
      session.current?.ask(text);
      setQuestion("");
    } catch (error) {
      show("error", "WebRTC Error", messageFor(error));
    }
  }

  controls.current = { toggle: () => void (running ? stop() : starting || start()), mute: () => running && toggleMute() };

  useEffect(() => {
    // Space starts or stops, M mutes while running; not while typing or when a control has focus.
    const onKey = (event: KeyboardEvent) => {
      const target = event.composedPath()[0] as HTMLElement;
      if (event.repeat || event.ctrlKey || event.metaKey || event.altKey || target.closest?.("input,textarea,select,button,a,[contenteditable]")) return;
      if (event.code === "Space") {
        event.preventDefault();
        controls.current.toggle();
      } else if (event.key === "m" || event.key === "M") controls.current.mute();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div class="demo">
      <section class="card" aria-labelledby="nikki-health">
        <h3 id="nikki-health">System Health</h3>
        <ul class="checks">
          {checks.map((check) => (
            <li key={check.name} class={check.status}>
              <span class="dot" aria-hidden="true" />
              <strong>{check.name}</strong>
              <span>{check.message}</span>
            </li>
          ))}
        </ul>
      </section>

      {!signedIn && checks[2]!.status !== "checking" && (
        <p class="notice" role="note">
          {VOICE_DEMO_ERRORS.signed_out}.{" "}
          {new URL(context.base).origin === location.origin ? (
            <a href={`${context.base}/login?redirect=${encodeURIComponent(location.pathname)}`} target="_top">
              Sign in
            </a>
          ) : (
            <a href={`${context.base}/webrtc-demo`} target="_top">
              Open the voice demo
            </a>
          )}
        </p>
      )}

      <section class="card" aria-labelledby="nikki-controls">
        <h3 id="nikki-controls">Controls</h3>
        <div class="controls">
          {running ? (
            <button type="button" class="btn secondary" onClick={stop}>
              Stop
            </button>
          ) : (
            <button type="button" class="btn" onClick={start} disabled={starting}>
              {starting ? "Starting..." : "Start Demo"}
            </button>
          )}
          <label class="switch">
            <input type="checkbox" role="switch" checked={muted} onChange={toggleMute} disabled={!running} />
            <span>Mute</span>
          </label>
          <span class="state">
            Connection: <strong data-connection={connection}>{connection}</strong>
          </span>
        </div>
        <div class="meter">
          <span id="nikki-level">Microphone level</span>
          <div role="meter" aria-labelledby="nikki-level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={level} class="bar">
            <span style={{ width: `${level}%` }} />
          </div>
        </div>
        <p class="hint">Keyboard: Space starts or stops the demo; M mutes while it runs.</p>
        <form class="ask" onSubmit={ask}>
          <label class="sr-only" for="nikki-ask">
            Type a question
          </label>
          <input
            id="nikki-ask"
            class="field"
            placeholder="Type a question…"
            value={question}
            disabled={!running}
            onInput={(event) => setQuestion(event.currentTarget.value)}
          />
          <button type="submit" class="btn secondary" disabled={!running || !question.trim()}>
            Ask
          </button>
        </form>
      </section>

      <section class="card" aria-labelledby="nikki-transcript">
        <h3 id="nikki-transcript">Live Transcript</h3>
        <div class="box transcript" aria-live="polite" tabIndex={0}>
          {transcript.length === 0 ? (
            <p class="empty">The conversation will appear here.</p>
          ) : (
            transcript.map((entry) => (
              <p key={entry.timestamp + entry.role}>
                <strong>{entry.role === "user" ? "You" : "Assistant"}:</strong> {entry.content}
              </p>
            ))
          )}
        </div>
      </section>

      <section class="card" aria-labelledby="nikki-events">
        <h3 id="nikki-events">Events</h3>
        <div class="box events" tabIndex={0}>
          {log.length === 0 ? (
            <p class="empty">No events yet.</p>
          ) : (
            log.map((entry, index) => (
              <p key={index} class={entry.type}>
                <time>{new Date(entry.timestamp).toLocaleTimeString(context.locale)}</time> {entry.message}
              </p>
            ))
          )}
        </div>
      </section>

      {audioBlocked && (
        <div class="audio-overlay" role="alertdialog" aria-labelledby="nikki-audio">
          <p id="nikki-audio">Your browser blocked the assistant's audio.</p>
          <button type="button" class="btn" onClick={enableAudio}>
            Enable Audio
          </button>
        </div>
      )}
      <Toasts />
    </div>
  );
}
