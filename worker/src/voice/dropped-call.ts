import { messageAfter } from "./take-message";
import { say } from "./twiml";

export const DROPPED_CALL_APOLOGY =
  "I'm sorry, I've lost my connection. Please leave your name, your number and a short message after the tone, and we'll call you back.";

/**
 * The model's connection dropped while the caller was still on the line: the live call is redirected (Twilio's
 * call update with TwiML) to a short apology and the message-taking path, so the caller is never left in silence.
 * The recording lands on the voicemail webhook like any other message; the transcript so far is already saved.
 */
export function messageAfterDrop(origin: string): string {
  return messageAfter(say(DROPPED_CALL_APOLOGY), origin);
}
