/**
 * The caller's language during a call (issue 37 §4): the media plane sends the caller's first turns with each tool it
 * asks for; once they tell the language, it is stored on the call (the first time) and the tool runs in it (labels,
 * the booking's language, so its texts and reminders).
 */
import { agentLanguageOf, callerLanguageOf } from "@nikki/core/caller-language";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { TranscriptEntry } from "../call/plan";
import type { Database } from "../db/client";
import { placeholders, preparedQuery } from "../db/prepared";
import { calls } from "../db/schema";
import type { ToolCall } from "../rpc/call-session";

/** The row keeps the first language told: a later tool's guess changes nothing stored. */
const storeQuery = preparedQuery((db) =>
  db
    .update(calls)
    .set(placeholders("language"))
    .where(and(eq(calls.id, sql.placeholder("callId")), isNull(calls.language)))
    .prepare(),
);

/**
 * One call's tools in the caller's language. The first tool that tells it stores it; the later ones skip the write,
 * which could change nothing (a call's CallSession keeps one of these for its tools).
 */
export function callerLanguageOfCall(db: Database) {
  let stored = false;
  return async (call: ToolCall, callerTurns: TranscriptEntry[] | undefined): Promise<ToolCall> => {
    const language = callerLanguageOf(callerTurns ?? []);
    if (!language) return call;
    if (!stored) {
      await storeQuery(db).run({ language, callId: call.callId });
      stored = true;
    }
    return { ...call, callerLanguage: agentLanguageOf(language) };
  };
}
