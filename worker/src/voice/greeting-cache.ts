/**
 * The agent's greeting rendered ahead (issue 38 §1): its opening line (the recording notice and the line in both
 * languages included) through text to speech, on the OpenAI account that pays for the business's calls, in the agent's
 * voice, as 20 ms μ-law frames the media plane keeps (its GREETINGS) and plays at the stream's start. The key names the
 * agent, voice, language and the text's hash, so a change to any of them is a key with no render yet: that call takes
 * today's path (the model says the greeting) and the render is made for the next. Rendered on agent save and on a miss.
 */
import { OPENAI_MODELS } from "@nikki/core";
import { eq } from "drizzle-orm";
import { toBase64Url } from "../call/keyed-hash";
import { wavToUlaw } from "@nikki/core/mulaw";
import { agents, organizationSettings, organizations } from "../db/schema";
import type { Logger } from "../logger";
import type { Services } from "../services";
import type { OpenAiClient } from "../services/openai/client";
import { openingLine } from "../agent/instructions";
import type { MediaPlane } from "./media-client";
import { callOpenAi } from "./media-plan";
import type { CallSetup } from "../rpc/call-session";

const FRAME_BYTES = 160;
/** μ-law silence, which pads the last frame. */
const SILENCE = 0xff;

export interface Greeting {
  key: string;
  voice: string;
  text: string;
}

/** The greeting of an agent as its calls open with it, and its key. */
export async function greetingOf(agent: { id: string; voice: string; language: string }, text: string): Promise<Greeting> {
  const material = new TextEncoder().encode(`${OPENAI_MODELS.speech}\n${agent.voice}\n${agent.language}\n${text}`);
  const hash = toBase64Url(await crypto.subtle.digest("SHA-256", material)).slice(0, 32);
  return { key: `greeting:${agent.id}:${agent.voice}:${agent.language}:${hash}`, voice: agent.voice, text };
}

/** μ-law audio as 20 ms frames, each in base64, laid end to end (call/audio-frames.ts FRAME_BASE64_CHARS apiece). */
export function base64Frames(ulaw: Uint8Array): string {
  let frames = "";
  for (let at = 0; at < ulaw.length; at += FRAME_BYTES) {
    const frame = new Uint8Array(FRAME_BYTES).fill(SILENCE);
    frame.set(ulaw.subarray(at, at + FRAME_BYTES));
    frames += btoa(String.fromCharCode(...frame));
  }
  return frames;
}

/** Renders the greeting (WAV, converted to 8 kHz μ-law here) and hands it to the media plane; false, logged, when it could not. */
export async function renderGreeting(openai: OpenAiClient, media: MediaPlane, greeting: Greeting, log: Logger): Promise<boolean> {
  const started = Date.now();
  try {
    const { audio } = await openai.speech({ voice: greeting.voice, input: greeting.text, format: "wav" });
    await media.keepGreeting(greeting.key, base64Frames(wavToUlaw(audio)));
    log.info("greeting_rendered", { key: greeting.key, ms: Date.now() - started });
    return true;
  } catch (error) {
    log.warn("greeting_render_failed", { key: greeting.key, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/** A call whose greeting the media plane did not have: rendered now, on the call's own account, for the next call. */
export async function renderCallGreeting(services: Services, media: MediaPlane, setup: CallSetup, key: string, log: Logger): Promise<boolean> {
  const openai = await callOpenAi(services, setup);
  return openai ? renderGreeting(openai, media, { key, voice: setup.voice, text: setup.openingLine }, log) : false;
}

/** The agent fields its opening line is made of (with the organization's name and recording notice): a save touching one renders it again. */
const GREETING_FIELDS = new Set(["name", "greeting", "language", "voice", "secondary_language", "secondary_greeting", "status"]);
export const changesGreeting = (fields: string[]) => fields.some((field) => GREETING_FIELDS.has(field));

/** After an agent is saved: its greeting as its next call will open, rendered now (the organization's name and recording notice read here). */
export async function renderAgentGreeting(services: Services, media: MediaPlane, agentId: string, log: Logger): Promise<boolean> {
  const [row] = await services.db
    .select({
      agent: agents,
      organizationName: organizations.name,
      settings: {
        recordCalls: organizationSettings.recordCalls,
        recordAnnounce: organizationSettings.recordAnnounce,
        liveListening: organizationSettings.liveListening,
      },
    })
    .from(agents)
    .innerJoin(organizations, eq(organizations.id, agents.organizationId))
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, agents.organizationId))
    .where(eq(agents.id, agentId));
  if (!row || row.agent.status !== "active") return false;
  const openai = (await services.providersFor(row.agent.organizationId)).openai;
  if (!openai) return false;
  const announceRecording = (row.settings?.recordCalls ?? true) && (row.settings?.recordAnnounce ?? true);
  const monitored = row.settings?.liveListening ?? false;
  return renderGreeting(openai, media, await greetingOf(row.agent, openingLine(row.agent, row.organizationName, { announceRecording, monitored })), log);
}
