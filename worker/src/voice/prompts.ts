/**
 * What Twilio speaks before or instead of the AI (the voicemail greeting): TwiML `<Say>`, or, when the business
 * brought a verified ElevenLabs account, `<Play>` of audio made once per text and voice and kept in `voice_prompts`
 * (served by `GET /media/prompts/:id`). A caller never waits on ElevenLabs for long: past the budget, `<Say>`.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { voicePrompts } from "../db/schema";
import type { Logger } from "../logger";
import type { Providers } from "../services";
import { type TwimlNode, node, say } from "./twiml";

/** The caller hears ringing meanwhile; the audio is cached, so only the first call after a change waits. */
const SPEAK_BUDGET_MS = 4000;

async function digestOf(voiceId: string, text: string): Promise<string> {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${voiceId}\n${text}`));
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const toBase64 = (bytes: Uint8Array) => {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};

export async function spoken(
  deps: { db: Database; providers: Providers; origin: string; log: Logger },
  organizationId: string,
  text: string,
  language: string,
): Promise<TwimlNode> {
  const voice = await deps.providers.elevenlabs().catch(() => null);
  if (!voice) return say(text, { language });
  try {
    const digest = await digestOf(voice.voiceId, text);
    const where = and(eq(voicePrompts.organizationId, organizationId), eq(voicePrompts.digest, digest));
    let [prompt] = await deps.db.select({ id: voicePrompts.id }).from(voicePrompts).where(where);
    if (!prompt) {
      const { contentType, audio } = await voice.speak(text, SPEAK_BUDGET_MS);
      await deps.db
        .insert(voicePrompts)
        .values({ organizationId, digest, contentType, audioBase64: toBase64(audio) })
        .onConflictDoNothing();
      [prompt] = await deps.db.select({ id: voicePrompts.id }).from(voicePrompts).where(where);
    }
    return node("Play", {}, `${deps.origin}/media/prompts/${prompt!.id}`);
  } catch (error) {
    deps.log.warn("voice_prompt_failed", { organization_id: organizationId, error: error instanceof Error ? error.message : String(error) });
    return say(text, { language });
  }
}

/** The stored audio of a prompt by its (unguessable) id, for Twilio's `<Play>`; null when there is none. */
export async function promptAudio(db: Database, id: string): Promise<{ contentType: string; audio: Uint8Array<ArrayBuffer> } | null> {
  const [prompt] = await db.select().from(voicePrompts).where(eq(voicePrompts.id, id));
  if (!prompt) return null;
  return { contentType: prompt.contentType, audio: Uint8Array.from(atob(prompt.audioBase64), (char) => char.charCodeAt(0)) };
}
