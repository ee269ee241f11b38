import type { Logger } from "../logger";
import type { Services } from "../services";
import type { CallContext } from "./call-context";
import { spoken } from "./prompts";
import { type TwimlNode, hangup, record, say, twiml } from "./twiml";

export interface MessageDeps {
  services: Services;
  /** This deployment's public origin (where Twilio posts the recording). */
  origin: string;
  log: Logger;
}

/**
 * The message-taking path: a greeting (voiced by the business's ElevenLabs account when it has one) and a recording,
 * whenever the AI cannot take the call: before it answers (voicemail) or after its stream could not run.
 */
export async function takeMessage(deps: MessageDeps, context: CallContext | null, language: string, afterHours: boolean): Promise<string> {
  const name = context ? ` ${context.organizationName}` : "";
  const why = afterHours ? "We're closed right now." : "We can't take your call right now.";
  const text = `Thanks for calling${name}. ${why} Please leave your name, your number and a short message after the tone, and we'll call you back.`;
  const greeting = context
    ? await spoken(
        { db: deps.services.db, providers: await deps.services.providersFor(context.organizationId), origin: deps.origin, log: deps.log },
        context.organizationId,
        text,
        language,
      )
    : say(text, { language });
  return messageAfter(greeting, deps.origin, language);
}

/** A greeting, then the recording Twilio posts to the voicemail webhook (every message-taking path ends this way). */
export function messageAfter(greeting: TwimlNode, origin: string, language?: string): string {
  return twiml(
    greeting,
    record({ action: `${origin}/twilio/voice/voicemail`, maxLength: 120, recordingStatusCallback: `${origin}/twilio/voice/status` }),
    say("We didn't catch a message. Goodbye.", { language }),
    hangup(),
  );
}
