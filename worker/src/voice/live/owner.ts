/**
 * What an owner or admin does to a live call (issue 56 §3, §4), in its CallSession: a note reaches the model of the
 * stream the caller is on; End call has the agent say goodbye, then the call ends (hung up at once when the caller is
 * with a person, not the agent); Take over has the agent tell the caller, then (when the media plane says it was said)
 * the call goes to the owner's phone through the warm transfer (transfer/), whose briefing and "press 1" they hear.
 */
import { OWNER_ACTION_WORDS } from "@nikki/core";
import type { OwnerCommand } from "../../call/live";
import type { CallEffects } from "../../call-effects/call-effects";
import type { CallSetup, OwnerAnswer, OwnerRequest, TransferState } from "../../rpc/call-session";
import { goodbyeInstructions, takeOverInstructions } from "../../agent/owner-lines";
import { dialDocument } from "../transfer/documents";
import type { LiveCall } from "./live-call";

export type { OwnerAnswer, OwnerRequest } from "../../rpc/call-session";

/** A take-over waiting for the agent's line to be said. */
export interface TakeOver {
  number: string;
  name: string;
}

export interface OwnerDeps {
  setup: CallSetup;
  transfer: TransferState | undefined;
  live: LiveCall;
  storage: Pick<DurableObjectStorage, "get" | "put" | "delete">;
  /** The command to the media plane's stream `segment`; false when it is not live. */
  command(segment: number, command: OwnerCommand): Promise<boolean>;
  effects: Pick<CallEffects, "transfer" | "endCall">;
  /** The caller's language as their words told it, else null. */
  callerLanguage: string | null;
  origin: string | null;
}

/** The stream the caller talks to the agent on; null while they are with a person (a transfer ringing or put through). */
export function agentSegment(transfer: TransferState | undefined): number | null {
  if (!transfer) return 1;
  return transfer.phase === "agent" ? transfer.resumeSegment : null;
}

export async function ownerCommand(request: OwnerRequest, deps: OwnerDeps): Promise<OwnerAnswer> {
  const { transfer, live, setup } = deps;
  if (transfer?.phase === "over") return "ended";
  const segment = agentSegment(transfer);
  if (segment === null && request.kind === "end") {
    await deps.effects.endCall({ status: "completed" });
    await live.feed.event("owner", OWNER_ACTION_WORDS.end);
    return "taken";
  }
  if (segment === null) return "not_with_agent";
  if (request.kind === "take_over" && transfer) return "already_transferred";
  // The caller's language as their words told it, else the agent's.
  const language = deps.callerLanguage ?? setup.language;
  const command: OwnerCommand =
    request.kind === "note"
      ? { kind: "note", text: request.instructions }
      : request.kind === "end"
        ? { kind: "end", instructions: goodbyeInstructions(language) }
        : { kind: "hand_over", instructions: takeOverInstructions(language, request.name) };
  if (request.kind === "take_over") await deps.storage.put("takeOver", { number: request.number, name: request.name } satisfies TakeOver);
  if (!(await deps.command(segment, command).catch(() => false))) {
    if (request.kind === "take_over") await deps.storage.delete("takeOver");
    return "unavailable";
  }
  if (request.kind === "note") await live.feed.event("owner_note", request.text);
  else await live.feed.event("owner", request.kind === "end" ? OWNER_ACTION_WORDS.end : OWNER_ACTION_WORDS.takeOver(request.name));
  return "taken";
}

/** The agent has told the caller: the owner's phone rings, through the warm transfer (briefing, press 1). */
export async function handOver(deps: Omit<OwnerDeps, "command" | "callerLanguage">): Promise<void> {
  const takeOver = await deps.storage.get<TakeOver>("takeOver");
  if (!takeOver || !deps.origin) return;
  await deps.storage.delete("takeOver");
  const { setup } = deps;
  const twiml = dialDocument(deps.origin, setup.tool.callSid, [takeOver.number], 0, setup.tool.businessNumber, setup.language ?? "en-US");
  const started = await deps.effects.transfer({ numbers: [takeOver.number], reason: "", callerName: "", twiml });
  if (started === "started") await deps.live.moved(setup, "owner", OWNER_ACTION_WORDS.transferring(takeOver.name), "ringing", takeOver.name);
  else await deps.live.feed.event("owner", OWNER_ACTION_WORDS.notRung(takeOver.name), { state: "talking", with: null });
}
