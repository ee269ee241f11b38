/**
 * The contract between the two planes of a call. The control plane (the main worker: webhooks, database, providers)
 * decides everything about a call when Twilio asks how to answer it and keeps it as a plan; the media plane (its own
 * small worker, `media/index.ts`) fetches the plan when Twilio's stream arrives, carries the call's audio between
 * Twilio and the model, and asks the control plane only to run a tool and to keep the call's end. A call that never
 * streams never reaches the media plane. Neither plane reads the other's storage.
 */
import type { CallMetricsSummary } from "./call-metrics";

/** Where the call's model session opens, and with which key (the platform's, or the organization's own). */
export interface RealtimeTarget {
  url: string;
  apiKey: string;
  model: string;
  /** The URL is a business's own (its OpenAI integration's realtime_url): the media plane guards it again before connecting. */
  fromBusiness: boolean;
}

export interface MediaPlan {
  callId: string;
  /**
   * Which of the call's streams this plan is for: 1 (absent) is the one the call was answered with; 2 is the agent
   * again after a transfer nobody took (the stream URL ends in `/2`). Each segment has its own MediaSession, ticket and
   * model session; the control plane keeps one call of their ends.
   */
  segment?: number;
  /** SHA-256 of the one-time token the TwiML carries; the stream's `start` must redeem it before `ticketExpiresAt`. */
  ticketHash: string;
  /** The webhook's time plus TICKET_TTL_MS (call/stream-ticket.ts): a stream later than that is refused its plan. */
  ticketExpiresAt: number;
  /**
   * The `X-Twilio-Signature` values the stream may carry: its URL signed by the account that holds the number,
   * worked out by the control plane, so no auth token reaches the media plane.
   */
  streamSignatures: string[];
  realtime: RealtimeTarget;
  /** The model's `session.update` event, serialized: instructions, voice, the agent's tools and turn-taking. */
  sessionUpdate: string;
  /** The agent's greeting, which the model says first, word for word (protocol.ts greetingResponse()). */
  openingLine: string;
  /**
   * Where the greeting rendered ahead is kept (voice/greeting-cache.ts; the media plane's GREETINGS): when it is there,
   * its frames play at the stream's start and the model is told it was said; absent or missing, the model says it.
   */
  greetingKey?: string;
  goodbye: string;
  /** What the agent says while a slow tool runs, in its language (core's toolFillers(); call/tool-fillers.ts). */
  fillers: readonly string[];
  maxCallSeconds: number;
  /**
   * Hang up on a recording that talks over the greeting (call-screen.ts): inbound calls only, since a call we placed
   * may reach a voicemail greeting, which answering machine detection handles. Absent in plans made before it: true.
   */
  screenTalkOver?: boolean;
  /**
   * How long the caller must speak over the agent before she stops (the agent's setting; the bridge's guard:
   * turn-taking.ts). Absent (plans made before it was a setting): DEFAULT_INTERRUPTION_MIN_MS, 300.
   */
  interruptionMinMs?: number;
}

export interface TranscriptEntry {
  role: "user" | "assistant";
  content: string;
  timestamp: string;
  /** A caller's turn: the language the speech recogniser reported, when it did. */
  language?: string;
}

/** `silent` and `talk_over`: the call was screened (call-screen.ts), so it is stored as such and never analysed. */
export const CALL_END_REASONS = ["twilio_stop", "openai_closed", "time_limit", "agent_ended", "silent", "talk_over"] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

/** What the media plane knows when a call ends: the control plane stores it and analyses the call. */
export interface CallEnd {
  reason: CallEndReason;
  /** The plan's segment (absent: 1). */
  segment?: number;
  transcript: TranscriptEntry[];
  metrics: CallMetricsSummary | null;
}

/** A tool the model called, as the control plane runs it. */
export interface ToolRequest {
  name: string;
  arguments: string;
  /**
   * The caller's first turns so far: the control plane tells their language from them (issue 37 §4), so the tool
   * answers, books and texts in it (the media plane carries no language words of its own).
   */
  callerTurns?: TranscriptEntry[];
}

/** A tool's answer to the model: always an object it can speak about, never a thrown error. */
export type ToolOutput = { ok: true; [key: string]: unknown } | { ok: false; error: string; alternatives?: { start: string; label: string }[] };

/** The plan as the control plane keeps it: everything but the model's key, which is read again when the stream asks. */
export type StoredPlan = Omit<MediaPlan, "realtime">;

/** The media plane asking for a stream's plan: which segment, and the `X-Twilio-Signature` the stream carried. */
export interface PlanRequest {
  segment?: number;
  signature: string;
}
