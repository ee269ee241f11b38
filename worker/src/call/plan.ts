/**
 * The contract between the two planes of a call. The control plane (the main worker: webhooks, database, providers)
 * decides everything about a call when Twilio asks how to answer it and hands the media plane (its own small worker,
 * `media/index.ts`) a plan; the media plane carries the call's audio between Twilio and the model and asks the control
 * plane only to run a tool and to keep the call's end. Neither plane reads the other's storage.
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
  /** SHA-256 of the one-time token the TwiML carries; the stream's `start` must redeem it within TICKET_TTL_MS. */
  ticketHash: string;
  /**
   * The `X-Twilio-Signature` values the stream may carry: its URL signed by the account that holds the number,
   * worked out by the control plane, so no auth token reaches the media plane.
   */
  streamSignatures: string[];
  realtime: RealtimeTarget;
  /** The model's `session.update` event, serialized: instructions, voice, the agent's tools. */
  sessionUpdate: string;
  /** The agent's greeting, which the model says first, word for word (protocol.ts greetingResponse()). */
  openingLine: string;
  goodbye: string;
  /** What the agent says while a slow tool runs, in its language (core's toolFillers(); call/tool-fillers.ts). */
  fillers: readonly string[];
  maxCallSeconds: number;
}

export interface TranscriptEntry {
  role: "user" | "assistant";
  content: string;
  timestamp: string;
}

export type CallEndReason = "twilio_stop" | "openai_closed" | "time_limit" | "agent_ended";

/** What the media plane knows when a call ends: the control plane stores it and analyses the call. */
export interface CallEnd {
  reason: CallEndReason;
  transcript: TranscriptEntry[];
  metrics: CallMetricsSummary | null;
}

/** A tool the model called, as the control plane runs it. */
export interface ToolRequest {
  name: string;
  arguments: string;
}

/** A tool's answer to the model: always an object it can speak about, never a thrown error. */
export type ToolOutput = { ok: true; [key: string]: unknown } | { ok: false; error: string; alternatives?: { start: string; label: string }[] };

/** The media plane's answer to "release this call" (Twilio reported it over): whether its stream ever started. */
export interface Released {
  streamed: boolean;
}
