import type { LiveCallState } from "./live-calls";

/**
 * Listening in to a live call (issue 56 §2): what the media plane sends a listener, how it closes a listener's socket
 * and why, and the words the page shows. A listener socket carries the call's audio one way only.
 */

/** At most this many people listen to one call at once. */
export const MAX_LISTENERS = 3;

/**
 * One message on a listener's socket: the call's μ-law audio (8 kHz, base64 pieces of each side, in order) that the
 * media plane handled within about LISTEN_BATCH_MS, both sides in one message, stamped with its clock when it handled
 * the first (epoch ms); or `clear` when the caller cut the agent off (what the agent had queued is not played).
 */
export type ListenMessage = { type: "audio"; at: number; caller: string[]; agent: string[] } | { type: "clear"; at: number };

/**
 * The media plane sends a listener the call's audio in one message this often: one send, not one per frame or side.
 * Each send is most of what a listener costs the media plane (media/listeners.ts), and this is most of a listener's
 * delay (bench:live: p95 about 340 ms of the 500 allowed).
 */
export const LISTEN_BATCH_MS = 300;

/** Why a listener's socket closed (WebSocket close codes; 1000 is the call's end, 4005 its stream's end for a transfer). */
export const LISTEN_CLOSE = {
  ended: 1000,
  /** The ticket was not valid for this call (forged, used, expired). */
  ticket: 4001,
  /** The call has MAX_LISTENERS listeners already. */
  full: 4002,
  /** The member may no longer listen (removed, their role changed, or listening was turned off). */
  revoked: 4003,
  /** A listener sent something: listeners never speak into a call. */
  spoke: 4004,
  /** The caller is being put through to a person (a take-over or the agent's transfer): the stream ends, the call goes on. */
  transferred: 4005,
} as const;

export const LISTEN_MESSAGES = {
  listen: "Listen",
  stop: "Stop listening",
  connecting: "Connecting…",
  listening: "Listening",
  [LISTEN_CLOSE.ended]: "The call has ended.",
  [LISTEN_CLOSE.ticket]: "Could not start listening. Please try again.",
  [LISTEN_CLOSE.full]: `${MAX_LISTENERS} people are listening to this call already.`,
  [LISTEN_CLOSE.revoked]: "You can no longer listen to this call.",
  [LISTEN_CLOSE.spoke]: "Listening stopped.",
  [LISTEN_CLOSE.transferred]: "Listening stopped: the call was put through to a person.",
  failed: "Could not start listening. Please try again.",
  notAllowed: "Live listening is off: an owner can turn it on in Settings › Calls.",
  /** Where an owner turns it on (Settings › Calls, its switch). */
  settingsLink: "Turn it on in Settings › Calls",
  unsupported: "This browser cannot play the call's audio.",
  setting: "Let owners and admins listen in",
  /** Followed on the page by the notice callers then hear (caller-language.ts, recordingNoticeHint). */
  settingHint: "Owners and admins can hear calls as they happen (Calls → Watch → Listen), never speak into them.",
} as const;

/**
 * Why Listen cannot start on a call in `state`, or null when it can. Putting the caller through ends the call's stream
 * (Twilio leaves it for the <Dial>), so there is no audio to hear while a phone rings or the caller talks with the
 * person rung: the call goes on without the agent. Should nobody answer, the caller is back with the agent (talking).
 */
export function listenStopped(state: LiveCallState, withWhom: string | null): string | null {
  const whom = withWhom ?? "a person";
  if (state === "ringing") return `Listening stopped: the call is being put through to ${whom}.`;
  if (state === "connected") return `Listening stopped: the call was put through to ${whom}.`;
  return null;
}

/** What the page says when a listener's socket closed with `code`. */
export const listenClosedMessage = (code: number): string =>
  (LISTEN_MESSAGES as Record<number, string | undefined>)[code] ?? LISTEN_MESSAGES[LISTEN_CLOSE.ended];
