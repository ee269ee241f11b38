/** The control plane's calls to the media plane, over its service binding (MEDIA), signed (plane-auth.ts). */
import type { MediaPlan, Prepared, Released } from "../call/plan";
import { postToPlane } from "../call/plane-auth";

export interface MediaPlane {
  /** Hands the call's plan to its media session, which opens the model's session while Twilio connects the stream. */
  prepare(callSid: string, plan: MediaPlan): Promise<Prepared>;
  /** Twilio reported the call over before its end reached us: the (segment's) media session lets go, and says whether it streamed. */
  release(callSid: string, segment?: number): Promise<Released>;
  /** Keeps an agent's greeting rendered ahead (voice/greeting-cache.ts), as base64 frames, under its key. */
  keepGreeting(key: string, frames: string): Promise<void>;
}

/** Any host: a service binding delivers the request to the media plane whatever the URL names. */
const MEDIA = "https://media.internal/media";

export function mediaPlane(fetcher: Fetcher, secret: string): MediaPlane {
  const post = (callSid: string, action: string, body: object) => postToPlane(fetcher, secret, `${MEDIA}/calls/${callSid}/${action}`, body);
  return {
    // Handing a plan over twice changes nothing, so a hand-over that failed (a connection lost on the way, seen on
    // the first call after `wrangler dev` starts) is tried once more rather than sending the caller to take a message.
    prepare: async (callSid, plan) => (await (await post(callSid, "prepare", plan).catch(() => post(callSid, "prepare", plan))).json()) as Prepared,
    release: async (callSid, segment) => (await (await post(callSid, "release", segment && segment > 1 ? { segment } : {})).json()) as Released,
    keepGreeting: async (key, frames) => void (await postToPlane(fetcher, secret, `${MEDIA}/greetings`, { key, frames })),
  };
}
