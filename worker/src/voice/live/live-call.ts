/**
 * A call as its watchers see it happen (issue 56 §1), in its CallSession: the feed (feed.ts) told what the agent does
 * ("Looking up free times…", "Booked … · code KQBS2J") and where the call goes: a transfer ringing, put through, or
 * the caller back with the agent. A change of where the call is also reaches the Calls page's "Live now"
 * (calls.live_state, and the organization's live channel).
 */
import { type LiveCallState, type LiveEvent, displayPhone, OWNER_ACTION_WORDS, toolDoing, toolOutcome } from "@nikki/core";
import { eq } from "drizzle-orm";
import { calls } from "../../db/schema";
import type { Services } from "../../services";
import type { ToolOutput } from "../../call/plan";
import type { AfterDial, CallSetup, TransferState } from "../../rpc/call-session";
import { LiveFeed } from "./feed";

export class LiveCall {
  readonly feed: LiveFeed;

  constructor(
    ctx: DurableObjectState,
    private readonly services: Pick<Services, "db" | "publishCall">,
  ) {
    this.feed = new LiveFeed(ctx, ctx.storage);
  }

  /** A tool was asked for: "Looking up free times…", whose event id its end (toolDone) takes. */
  toolStarted(name: string): Promise<string> {
    return this.feed.event("agent", toolDoing(name));
  }

  /** A tool answered, in the place of its start's line (`started`); a transfer it started rings its first number. */
  async toolDone(setup: CallSetup, name: string, output: ToolOutput, transfer: TransferState | undefined, started?: string): Promise<void> {
    if (name === "transfer_call" && output.ok && transfer) {
      const number = displayPhone(transfer.numbers[0] ?? "");
      return this.moved(setup, "agent", OWNER_ACTION_WORDS.transferring(number), "ringing", number, started);
    }
    await this.feed.event("agent", toolOutcome(name, output), undefined, started);
  }

  /** The person rung pressed 1: the caller is put through. */
  async putThrough(setup: CallSetup): Promise<void> {
    const { with: whom } = await this.feed.state();
    await this.moved(setup, "state", OWNER_ACTION_WORDS.connected(whom ?? "the team"), "connected", whom);
  }

  /** After one number rang: the next one rings, or the caller is back with the agent. */
  async dialed(setup: CallSetup, next: AfterDial): Promise<void> {
    if (next.kind === "dial") {
      const number = displayPhone(next.numbers[next.attempt] ?? "");
      return this.moved(setup, "state", OWNER_ACTION_WORDS.transferring(number), "ringing", number);
    }
    if (next.kind !== "agent") return;
    const { with: whom } = await this.feed.state();
    await this.moved(setup, "state", OWNER_ACTION_WORDS.notTaken(whom ?? "The team"), "talking", null);
  }

  /** Where the call is changed: its watchers, its row (the Calls page's state) and the organization's dashboards. */
  async moved(setup: CallSetup, kind: LiveEvent["kind"], text: string, state: LiveCallState, whom: string | null, replaces?: string): Promise<void> {
    await this.feed.event(kind, text, { state, with: whom }, replaces);
    const liveState = state === "ringing" || state === "connected" ? state : null;
    await this.services.db
      .update(calls)
      .set({ liveState, liveWith: liveState ? whom : null })
      .where(eq(calls.id, setup.tool.callId));
    await this.services.publishCall(setup.tool.organizationId, { id: setup.tool.callId });
  }
}
