/**
 * An owner's command on a live call (issue 56 §4), as the model is asked for it: what the agent is saying is cancelled
 * and it answers with the command's instructions (a goodbye, or "One moment, I'll put you through to Grace"); the
 * response carries the command in its metadata, so its `response.done` tells the protocol what follows: the call ends,
 * or the caller, now told, is handed over to the owner's phone.
 */
import type { RealtimeClientEvent } from "openai/resources/realtime/realtime";

export type OwnerThen = "end" | "hand_over";

const METADATA_KEY = "nikki_owner";

/** The events that have the agent stop and say `instructions`, its response marked with what follows. */
export function ownerResponse(instructions: string, then: OwnerThen): RealtimeClientEvent[] {
  return [{ type: "response.cancel" }, { type: "response.create", response: { instructions, metadata: { [METADATA_KEY]: then } } }];
}

/** What follows a response that is done: its owner's command, or null for any other response. */
export function ownerThen(metadata: unknown): OwnerThen | null {
  const then = typeof metadata === "object" && metadata !== null ? (metadata as Record<string, unknown>)[METADATA_KEY] : undefined;
  return then === "end" || then === "hand_over" ? then : null;
}
