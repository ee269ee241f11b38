/**
 * Calls as they happen (issue 56): the Calls page's "Live now", the live view an owner or admin watches (the transcript
 * line by line, what the agent does, the response time so far), and what they may do to the call: a note to the agent,
 * take it over, end it. The API's shapes, the request schemas and the words, shared by the worker and the dashboard.
 */
import * as z from "zod/mini";
import { type LanguageCode, languageCodeOf } from "./language-detection";
import type { Region } from "./constants";
import { displayPhone, phoneField } from "./phone";

/**
 * Where a live call is: the AI is answering (its stream not started yet), talking, a number is ringing for a transfer
 * (the owner's take-over or the agent's own transfer), or the caller is connected to the person rung.
 */
export const LIVE_CALL_STATES = ["answering", "talking", "ringing", "connected"] as const;
export type LiveCallState = (typeof LIVE_CALL_STATES)[number];

/** `GET /api/calls/live`: one call in progress. */
export interface LiveCallResource {
  id: string;
  call_sid: string;
  from_number: string;
  /** The caller's name when an earlier call gave it (and they did not ask to be forgotten); returning or not. */
  caller: { name: string | null; returning: boolean; previous_calls: number };
  agent_id: string | null;
  agent_name: string | null;
  started_at: string;
  state: LiveCallState;
  /** Who the call is with while `state` is ringing or connected, named as the live view names them; null otherwise. */
  with: string | null;
}

/** One line of the transcript as its speaker finished it; `id` is stable (the stream's segment and the line's place in it). */
export interface LiveLine {
  id: string;
  role: "user" | "assistant";
  text: string;
  at: string;
  /** When its speaker finished it (the media plane's clock): how fresh the line is when it reaches a live view. */
  done_at: string;
}

/**
 * Something that happened on the call besides speech, in words: what the agent did ("Looking up free times…",
 * "Booked …"), an owner's note (owners and admins only), the owner's take-over or end, the call's state changing.
 */
export interface LiveEvent {
  id: string;
  kind: "agent" | "owner_note" | "owner" | "state";
  text: string;
  at: string;
}

/**
 * The call's response time so far, the figures its stored detail will show (issue 55 §1): each answered turn voice to
 * voice, from the moment the caller stopped speaking to the first sound of the answer, as the media plane measures it
 * turn by turn; p50 and p90 by nearest rank over the turns so far, as `calls.metrics` keeps them at the end.
 */
export interface LiveLatency {
  greeting_ms: number | null;
  turns: number;
  /** The latest answer's, voice to voice. */
  last_ms: number | null;
  voice_to_voice_p50_ms: number | null;
  voice_to_voice_p90_ms: number | null;
}

export const NO_LATENCY: LiveLatency = { turns: 0, last_ms: null, voice_to_voice_p50_ms: null, voice_to_voice_p90_ms: null, greeting_ms: null };

/** `GET /api/calls/:id/live`: what the live view starts from before live updates arrive. */
export interface LiveCallView {
  transcript: LiveLine[];
  events: LiveEvent[];
  latency: LiveLatency;
  /** Who listens to the call's audio ("Listen in" counts them); 0 until it does. */
  listeners: number;
  state: LiveCallState;
  /** Who the call is with in `state` ringing or connected ("Grace", "+1 512 555 0101"); null otherwise. */
  with: string | null;
}

/**
 * What the live view's socket sends: the view whole when it opens, then each change as it comes; `ended` once the
 * call is over (the view turns into the call's detail).
 */
export type LiveCallMessage =
  | { type: "view"; view: LiveCallView }
  | { type: "lines"; lines: LiveLine[]; latency: LiveLatency }
  | { type: "event"; event: LiveEvent; state?: LiveCallState; with?: string | null }
  | { type: "ended" };

/** Notes a call may take: enough to steer it, not a second conversation. */
export const NOTES_PER_CALL = 10;
export const NOTE_MAX_CHARS = 500;

export const LIVE_CALL_MESSAGES = {
  note: `Write a note of 1 to ${NOTE_MAX_CHARS} characters.`,
  tooManyNotes: `A call takes at most ${NOTES_PER_CALL} notes.`,
  phone: "Enter a phone number we can ring, like (415) 555-0123 or +44 20 7946 0958.",
  phoneNeeded: "Enter the phone we should ring you on.",
  ended: "This call has ended.",
  notWithAgent: "The caller is not with the agent right now, so it cannot take that.",
  alreadyTransferred: "This call was already transferred once; the agent cannot put it through again.",
  unavailable: "The agent could not be reached on this call just now. Please try again.",
  loadFailed: "Could not load the live call.",
} as const;

/** `POST /api/calls/:id/note`. */
export const liveNoteSchema = z.strictObject({
  text: z.string(LIVE_CALL_MESSAGES.note).check(z.trim(), z.minLength(1, LIVE_CALL_MESSAGES.note), z.maxLength(NOTE_MAX_CHARS, LIVE_CALL_MESSAGES.note)),
});

/**
 * `POST /api/calls/:id/take-over`: the phone to ring as the member typed it, read in the organization's region (else
 * the one on their profile), and whether to keep it on their profile.
 */
export const takeOverSchemaIn = (region: Region) =>
  z.strictObject({
    number: z.optional(phoneField(region, LIVE_CALL_MESSAGES.phone)),
    save_to_profile: z.optional(z.boolean()),
  });
export const takeOverSchema = takeOverSchemaIn("US");
export type TakeOverInput = z.output<typeof takeOverSchema>;

/** `PUT /api/org/members/me/phone`: the phone a take-over rings the member on (Settings › My phone); null clears it. */
export const myPhoneSchemaIn = (region: Region) => z.strictObject({ phone: z.nullable(phoneField(region, LIVE_CALL_MESSAGES.phone)) });
export const myPhoneSchema = myPhoneSchemaIn("US");

/** Settings › My phone. */
export const MY_PHONE_WORDS = {
  title: "My phone",
  lead: "The phone we ring when you take over a live call (Calls › Live now › Watch › Take over).",
  label: "Phone to ring",
  none: "No phone yet: a take-over asks for one.",
  saved: (phone: string | null) => (phone ? `We'll ring ${displayPhone(phone)} when you take over a call.` : "Your phone is cleared."),
} as const;

/** An owner's note as the call keeps it (shown to owners and admins as "Owner note", never in the transcript). */
export interface OwnerNote {
  id: string;
  text: string;
  at: string;
  /** Who wrote it (their name, else their e-mail). */
  by: string;
}

export const OWNER_NOTE_LABEL = "Owner note";

/** What the live view says of the call's state. */
export function liveStateLabel(state: LiveCallState, agent: string, withWhom: string | null): string {
  switch (state) {
    case "answering":
      return `${agent} is picking up…`;
    case "talking":
      return `Talking with ${agent}`;
    case "ringing":
      return withWhom ? `Ringing ${withWhom}…` : "Ringing a phone for a transfer…";
    case "connected":
      return withWhom ? `Connected to ${withWhom}` : "Put through to a person";
  }
}

/** The owner's actions as the live view tells them. */
export const OWNER_ACTION_WORDS = {
  takeOver: (name: string) => `Taking over: ${name}'s phone rings once the agent has told the caller`,
  /** Take over asks first: the question, whom it rings, the field, keeping the phone, and the button that does it. */
  takeOverQuestion: "Take over this call?",
  takeOverFollows: (phone: string | null, yours: boolean) =>
    phone
      ? `Put the caller through to you? We'll ring ${displayPhone(phone)}${yours ? " (your phone)" : ""}.`
      : "Put the caller through to you? Enter the phone we should ring.",
  takeOverField: "Phone to ring",
  takeOverSave: "Keep this phone on my profile (Settings › My phone)",
  takeOverConfirm: "Ring",
  end: "Ending the call: the agent says goodbye",
  /** End call asks first: the question, what follows, and the button that does it. */
  endQuestion: "End this call?",
  endFollows: (agent: string) => `${agent} will say goodbye and hang up.`,
  endConfirm: "End call",
  transferring: (whom: string) => `Transferring to ${whom}…`,
  connected: (whom: string) => `Connected to ${whom}`,
  notTaken: (whom: string) => `${whom} did not take the call: the caller is back with the agent`,
  notRung: (whom: string) => `${whom}'s phone could not be rung: the caller stays with the agent`,
} as const;

/** What the agent tells the caller before the owner takes over, in the caller's language (English unless Spanish). */
export function takeOverLine(language: string | null | undefined, name: string): string {
  return language?.startsWith("es") ? `Un momento, le paso con ${name}.` : `One moment, I'll put you through to ${name}.`;
}

const GOODBYE: Record<LanguageCode, string> = {
  en: "Thank you for calling. Goodbye!",
  es: "Gracias por llamar. ¡Adiós!",
  fr: "Merci de votre appel. Au revoir !",
  de: "Vielen Dank für Ihren Anruf. Auf Wiederhören!",
  it: "Grazie per la chiamata. Arrivederci!",
  pt: "Obrigado por ligar. Até logo!",
};

/** What the agent says when an owner ends the call, in the caller's language (the agent's when the caller's is unknown). */
export const endCallLine = (language: string | null | undefined): string => GOODBYE[languageCodeOf(language) ?? "en"];
