/** The control plane's calls to the media plane, over its service binding (MEDIA), signed (plane-auth.ts). */
import type { OwnerCommand } from "../call/live";
import { postToPlane } from "../call/plane-auth";

export interface MediaPlane {
  /** Keeps an agent's greeting rendered ahead (voice/greeting-cache.ts), as base64 frames, under its key. */
  keepGreeting(key: string, frames: string): Promise<void>;
  /** An owner's command for one of a call's streams (issue 56); false when that stream is not live. */
  command(callSid: string, segment: number, command: OwnerCommand): Promise<boolean>;
  /** How many members listen to one of a call's streams now (issue 56 §2). */
  listening(callSid: string, segment: number): Promise<number>;
}

/** Any host: a service binding delivers the request to the media plane whatever the URL names. */
const MEDIA = "https://media.internal/media";

export function mediaPlane(fetcher: Fetcher, secret: string): MediaPlane {
  return {
    keepGreeting: async (key, frames) => void (await postToPlane(fetcher, secret, `${MEDIA}/greetings`, { key, frames })),
    command: async (callSid, segment, command) =>
      ((await (await postToPlane(fetcher, secret, `${MEDIA}/calls/${callSid}/${segment}/command`, command)).json()) as { taken?: boolean }).taken === true,
    listening: async (callSid, segment) =>
      ((await (await postToPlane(fetcher, secret, `${MEDIA}/calls/${callSid}/${segment}/listening`, {})).json()) as { listening?: number }).listening ?? 0,
  };
}
