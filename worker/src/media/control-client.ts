/** The media plane's calls to the control plane (the main worker), over its service binding, signed (plane-auth.ts). */
import type { CallEnd, MediaPlan, PlanRequest, RealtimeTarget, ToolOutput, ToolRequest } from "../call/plan";
import type { LiveBatch } from "../call/live";
import { postToPlane } from "../call/plane-auth";

export interface ControlPlane {
  /** The plan of the stream that just arrived (signed as `request.signature`); null when it may not run. */
  plan(callSid: string, request: PlanRequest): Promise<MediaPlan | null>;
  /** Runs a tool the model called, as the call's agent allows; answers its output for the model. */
  tool(callSid: string, request: ToolRequest): Promise<ToolOutput>;
  /** Keeps the call's end (transcript, latency figures) and has it analysed; throws when it was not kept. */
  ended(callSid: string, end: CallEnd): Promise<void>;
  /** The model's session again (this object was evicted before the stream came); null when there is none. */
  realtime(callSid: string): Promise<RealtimeTarget | null>;
  /** The call's greeting had no render here: the control plane renders it for the next call. */
  greetingMissing(callSid: string): Promise<void>;
  /** Lines of the transcript as they are said, for the live view (issue 56). */
  live(callSid: string, batch: LiveBatch): Promise<void>;
  /** The agent has told the caller: the owner who took the call over is rung now. */
  handOver(callSid: string, segment: number): Promise<void>;
  /** Which of these members may still listen to the call (media/listeners.ts, on each lease). */
  listening(callSid: string, organizationId: string, userIds: string[]): Promise<string[]>;
}

/** Any host: a service binding delivers the request to the control plane whatever the URL names. */
const CONTROL = "https://control.internal/internal/calls";

export function controlPlane(fetcher: Fetcher, secret: string): ControlPlane {
  const post = async (callSid: string, action: string, body: object) => (await postToPlane(fetcher, secret, `${CONTROL}/${callSid}/${action}`, body)).json();
  /** A request answered with no body (204); postToPlane throws unless it was taken. */
  const tell = async (callSid: string, action: string, body: object) => void (await postToPlane(fetcher, secret, `${CONTROL}/${callSid}/${action}`, body));
  return {
    // Asked once more when the first ask fails on the way (a connection lost, seen on the first call after `wrangler dev`
    // starts): the control plane hands the same plan again until the stream's end is kept.
    plan: async (callSid, request) =>
      ((await post(callSid, "plan", request).catch(() => post(callSid, "plan", request))) as { plan?: MediaPlan | null }).plan ?? null,
    tool: async (callSid, request) => (await post(callSid, "tool", request)) as ToolOutput,
    ended: async (callSid, end) => void (await post(callSid, "ended", end)),
    realtime: async (callSid) => ((await post(callSid, "realtime", {})) as { realtime: RealtimeTarget | null }).realtime,
    greetingMissing: async (callSid) => void (await post(callSid, "greeting", {})),
    live: (callSid, batch) => tell(callSid, "live", batch),
    handOver: (callSid, segment) => tell(callSid, "hand-over", segment > 1 ? { segment } : {}),
    listening: async (callSid, organizationId, userIds) =>
      ((await post(callSid, "listeners", { organization_id: organizationId, user_ids: userIds })) as { allowed: string[] }).allowed,
  };
}
