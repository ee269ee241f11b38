/**
 * Who picks up a call placed through the simulated Twilio REST API, and what Twilio's answering machine detection
 * makes of it. A number answers as a person unless the test said otherwise (`POST /__callees` on the REST simulator:
 * `{phone_number, answers: "human" | "machine" | "fax"}`). A person says a line once the agent has greeted them; a
 * machine plays its voicemail greeting at once, then a beep, then records in silence; a fax sends its calling tone.
 * With `MachineDetection` on the call (Enable or DetectMessageEnd), detection answers as Twilio does: `human` or `fax`
 * soon after the answer, a machine as `machine_start` (Enable) or, once its greeting and beep are over,
 * `machine_end_beep` (DetectMessageEnd), with `MachineDetectionDuration` in milliseconds.
 */
import { linearToUlaw, wavToUlaw } from "@nikki/core/mulaw";
import type { StreamOptions } from "./media-stream";
import { speechWav } from "./speech";

export const CALLEE_KINDS = ["human", "machine", "fax"] as const;
export type CalleeKind = (typeof CALLEE_KINDS)[number];

/** What the simulated callee says once the agent has greeted them. */
export const CALLEE_LINE = "Hi, it's me. The line sounds great, thanks. Bye for now!";
/** The simulated voicemail's greeting, played as soon as the call is answered. */
export const VOICEMAIL_GREETING = "Hi, you've reached Sam. I can't take your call right now. Please leave a message after the beep.";
/** How long a person stays on the line at least: a short conversation, not a hang-up (core's HANGUP_SECONDS is 10). */
const PERSON_STAYS_MS = 12_000;
/** How long a machine records after its beep before it hangs up on silence or a monologue. */
const MACHINE_RECORDS_MS = 30_000;
const BEEP_MS = 500;
/** Twilio tells a person or a fax within a second or two of the answer; a machine's start a little later. */
const HUMAN_DETECTED_MS = 1_500;
const MACHINE_START_DETECTED_MS = 2_500;

const ulawOf = (wav: Buffer) => wavToUlaw(wav.buffer.slice(wav.byteOffset, wav.byteOffset + wav.byteLength) as ArrayBuffer);

/** A sine tone as 8 kHz μ-law: the machine's beep (1 kHz), a fax's calling tone (1100 Hz). */
function tone(hz: number, ms: number, amplitude = 8_000): Uint8Array {
  return Uint8Array.from({ length: (ms * 8) | 0 }, (_, i) => linearToUlaw(Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / 8_000))));
}

const silence = (ms: number) => new Uint8Array((ms * 8) | 0).fill(0xff);
const joined = (...parts: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(parts));

/** What the callee sends on the media stream, and when. */
export function calleeAudio(kind: CalleeKind): Pick<StreamOptions, "speech" | "speakAfter" | "answerTimeoutMs" | "minDurationMs"> {
  if (kind === "machine") {
    return {
      speech: joined(ulawOf(speechWav(VOICEMAIL_GREETING)), tone(1_000, BEEP_MS)),
      speakAfter: "answer",
      answerTimeoutMs: MACHINE_RECORDS_MS,
      minDurationMs: MACHINE_RECORDS_MS,
    };
  }
  if (kind === "fax") {
    // CNG: 0.5 s of 1100 Hz every 3.5 s, until someone hangs up.
    const cng = joined(tone(1_100, 500), silence(3_000));
    return { speech: joined(cng, cng, cng, cng, cng, cng), speakAfter: "answer", answerTimeoutMs: 5_000, minDurationMs: 20_000 };
  }
  return { speech: ulawOf(speechWav(CALLEE_LINE)), speakAfter: "greeting", answerTimeoutMs: 8_000, minDurationMs: PERSON_STAYS_MS };
}

/** Twilio's verdict on this callee, and how long after the answer it comes; null when detection was not asked. */
export function detectionOf(kind: CalleeKind, machineDetection: string | undefined): { answeredBy: string; afterMs: number } | null {
  if (machineDetection !== "Enable" && machineDetection !== "DetectMessageEnd") return null;
  if (kind === "human") return { answeredBy: "human", afterMs: HUMAN_DETECTED_MS };
  if (kind === "fax") return { answeredBy: "fax", afterMs: HUMAN_DETECTED_MS };
  if (machineDetection === "Enable") return { answeredBy: "machine_start", afterMs: MACHINE_START_DETECTED_MS };
  // The end of the message: the greeting played, then its beep.
  return { answeredBy: "machine_end_beep", afterMs: calleeAudio("machine").speech.length / 8 + 200 };
}
