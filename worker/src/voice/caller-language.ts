/**
 * The caller's language during a call (issue 37 §4): the media plane sends the caller's first turns with each tool it
 * asks for; once they tell the language, it is stored on the call (the first time) and the tool runs in it (labels,
 * the booking's language, so its texts and reminders).
 */
import { agentLanguageOf, callerLanguageOf } from "@nikki/core/caller-language";
import { and, eq, isNull } from "drizzle-orm";
import type { TranscriptEntry } from "../call/plan";
import type { Database } from "../db/client";
import { calls } from "../db/schema";
import type { ToolCall } from "./setup";

export async function withCallerLanguage(db: Database, call: ToolCall, callerTurns: TranscriptEntry[] | undefined): Promise<ToolCall> {
  const language = callerLanguageOf(callerTurns ?? []);
  if (!language) return call;
  await db
    .update(calls)
    .set({ language })
    .where(and(eq(calls.id, call.callId), isNull(calls.language)));
  return { ...call, callerLanguage: agentLanguageOf(language) };
}
