/** What the call bridge's protocol (protocol.ts) asks of the sockets and of the call around it. */
import type { RealtimeClientEvent } from "openai/resources/realtime/realtime";

export type TwilioOutbound =
  | { event: "media"; streamSid: string; media: { payload: string } }
  | { event: "mark"; streamSid: string; mark: { name: string } }
  | { event: "clear"; streamSid: string };

export type BridgeAction =
  | { kind: "twilio"; message: TwilioOutbound }
  | { kind: "openai"; event: RealtimeClientEvent }
  /** The hot frames, already serialized (audio-frames.ts). */
  | { kind: "twilio_json"; json: string }
  | { kind: "openai_json"; json: string }
  | { kind: "started"; callSid: string; streamSid: string; parameters: Record<string, string> }
  | { kind: "tool"; callId: string; name: string; arguments: string }
  /** `language`: the caller's, when the speech recogniser reported one (gpt-transcribe's `languages`). */
  | { kind: "transcript"; role: "user" | "assistant"; text: string; atMs: number; language?: string }
  | { kind: "end"; reason: "twilio_stop" | "openai_closed" | "time_limit" | "agent_ended" | "silent" | "talk_over" }
  /** Call onWake() at this time (tool-fillers.ts); a later one replaces it. */
  | { kind: "wake"; at: number }
  /** The owner took the call over: the control plane rings them (owner-command.ts). */
  | { kind: "hand_over" };
