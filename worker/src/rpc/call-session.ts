/**
 * What the worker asks of a call's CallSession over RPC, and the types that cross that boundary: the call's setup, the
 * tool's view of the call, a warm transfer's state and what follows a <Dial>. Bindings (env.ts) types the namespace with
 * this interface rather than the class, so the environment's types never reach into voice/.
 */
import type { CallEnd, CallEndReason, MediaPlan, PlanRequest, RealtimeTarget, StoredPlan, ToolOutput, ToolRequest, TranscriptEntry } from "../call/plan";
import type { LiveCallView, TransferOutcome, TurnTaking } from "@nikki/core";
import type { LiveBatch } from "../call/live";

/** What a tool needs to know about the call it runs in. */
export interface ToolCall {
  callId: string;
  callSid: string;
  organizationId: string;
  agentId: string;
  businessNumber: string;
  callerNumber: string;
  escalationJson: string;
  /** The tools the agent has enabled (end_call is always available). */
  tools: string[];
  /** Where the organization's calls may go: a transfer passes the same rule as every outbound call. */
  allowedCountries: string[];
  /** A Test Suite call: what its effects are chosen by (recorded as what would be done, not done). */
  test: boolean;
  /** The agent language the caller speaks (`es-ES`), once their words told it: labels, bookings and texts follow it. */
  callerLanguage?: string;
  /** A Test Suite slow_tool run: every tool but end_call answers this much later, so the run proves the caller hears a filler. */
  slowToolMs?: number;
}

/** Everything the call needs, decided when Twilio asked how to answer it. */
export interface CallSetup {
  tool: ToolCall;
  organizationName: string;
  afterHours: boolean;
  maxCallSeconds: number;
  instructions: string;
  /**
   * The stream's URL the call was answered with; a stream after a transfer came back adds its segment (`/2`). Absent
   * in setups stored before it was kept (such a call comes back from a transfer to the message-taking path).
   */
  streamUrl?: string;
  openingLine: string;
  goodbye: string;
  /** An inbound call: a recording talking over the greeting is hung up on (MediaPlan.screenTalkOver). */
  screenTalkOver?: boolean;
  /** What the agent says while a slow tool runs, in its language; absent in setups stored before fillers (English). */
  fillers?: readonly string[];
  voice: string;
  /** The agent's turn detection, noise reduction and interruption minimum; absent in setups stored before them (the defaults). */
  turnTaking?: TurnTaking;
  /** The realtime model that answers (voice/realtime-models.ts); absent in setups stored before it (the deployment's). */
  realtimeModel?: string;
  /** The agent's language: the call's language when nothing the caller said told theirs (absent in older setups). */
  language?: string;
  /** The organization has an OpenAI key of its own to try first; absent in setups stored before it was known (look it up). */
  ownOpenAiKey?: boolean;
}

/**
 * What the worker asks of a call's CallSession over RPC. `Bindings` types CALL_SESSION with this rather than the
 * class itself, so the environment's types do not reach back into everything the session imports.
 */
export interface CallSessionRpc extends Rpc.DurableObjectBranded {
  keepPlan(plan: StoredPlan): Promise<void>;
  streamPlan(request: PlanRequest): Promise<MediaPlan | null>;
  renderGreeting(): Promise<boolean>;
  tool(request: ToolRequest): Promise<ToolOutput>;
  realtime(): Promise<RealtimeTarget | null>;
  ended(end: CallEnd): Promise<boolean>;
  reprocess(callId: string): Promise<void>;
  callEnded(neverTakenCostMicroUsd?: number): Promise<boolean>;
  endReason(): Promise<CallEndReason | null>;
  transferBrief(): Promise<{ transfer: TransferState; setup: CallSetup; transcript: TranscriptEntry[] } | null>;
  transferScreened(attempt: number, accepted: boolean): Promise<void>;
  transferDialed(attempt: number, params: Record<string, string>): Promise<{ next: AfterDial; setup: CallSetup | null }>;
  liveView(): Promise<LiveCallView>;
  liveLines(batch: LiveBatch): Promise<void>;
  owner(request: OwnerRequest): Promise<OwnerAnswer>;
  handOver(): Promise<void>;
  /** The stream a member listens in to (the agent's segment); why not when there is none. */
  listenSegment(): Promise<number | "ended" | "not_with_agent">;
}

/** What an owner or admin asks of a live call (issue 56): a note (its words, and as the model is told it), a take-over, an end. */
export type OwnerRequest = { kind: "note"; text: string; instructions: string } | { kind: "take_over"; number: string; name: string } | { kind: "end" };
/** taken: under way; ended: the call is over; the rest: why the call could not take it now. */
export type OwnerAnswer = "taken" | "ended" | "not_with_agent" | "already_transferred" | "unavailable";

/** A warm transfer in progress, as the call's CallSession keeps it between Twilio's webhooks. */
export interface TransferState {
  numbers: string[];
  /** The index in `numbers` of the number being rung now. */
  attempt: number;
  reason: string;
  callerName: string;
  /** When the caller was put on hold (ms). */
  startedAt: number;
  /** Whether the person who answered the current attempt pressed 1 (the whisper's result). */
  accepted: boolean;
  /**
   * dialing: the agent's stream ended for the transfer, which rings or is connected; agent: the caller is back with the
   * agent (a new stream, `resumeSegment`); over: Twilio reported the call over while it was dialing.
   */
  phase: "dialing" | "agent" | "over";
  /** The stream the transfer began on (1: the one the call was answered with). */
  fromSegment: number;
  resumeSegment: number;
}

/** What follows a <Dial>: ring the next number, take the caller back to the agent, hang up, or (a stale action) take a message. */
export type AfterDial =
  | { kind: "dial"; numbers: string[]; attempt: number }
  | { kind: "agent"; segment: number; outcome: TransferOutcome }
  | { kind: "hangup" }
  | { kind: "message" };
