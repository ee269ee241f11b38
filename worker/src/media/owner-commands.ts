/**
 * An owner's commands on a call's media (issue 56 §3, §4), from the control plane: a note joins the model's
 * conversation as a system item (GA shape), to steer its next turns; End and Take over have the agent stop, say its
 * line, and then end the call or hand it over (call/owner-command.ts). Should that line never finish (the model's
 * session failing), the command goes through anyway after FALLBACK_MS.
 */
import type { RealtimeClientEvent } from "openai/resources/realtime/realtime";
import type { OwnerCommand } from "../call/live";
import type { BridgeAction, BridgeProtocol } from "../call/protocol";
import type { Logger } from "../logger";

/** Longer than any goodbye or "putting you through" takes to be said. */
export const FALLBACK_MS = 12_000;

export interface OwnerCommandDeps {
  /** The call's protocol and model session, once both are there. */
  live(): { protocol: BridgeProtocol; sendToModel(json: string): void } | null;
  dispatch(actions: BridgeAction[]): void;
  /** The control plane puts the call through to the owner. */
  handOver(): Promise<void>;
  log: Logger;
}

/** The note as the model reads it: a system message in its conversation. */
export const noteItem = (text: string): RealtimeClientEvent => ({
  type: "conversation.item.create",
  item: { type: "message", role: "system", content: [{ type: "input_text", text }] },
});

export class OwnerCommands {
  private handedOver = false;
  /** The owner's phone is rung: the stream ends for the take-over, while the call goes on. */
  get tookOver(): boolean {
    return this.handedOver;
  }
  private fallback: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: OwnerCommandDeps) {}

  /** Whether the call could take it (its model session is open and it is not over). */
  run(command: OwnerCommand): boolean {
    const live = this.deps.live();
    if (!live) return false;
    if (command.kind === "note") {
      live.sendToModel(JSON.stringify(noteItem(command.text)));
      return true;
    }
    this.deps.dispatch(live.protocol.sayThen(command.instructions, command.kind));
    if (this.fallback) clearTimeout(this.fallback);
    this.fallback = setTimeout(() => {
      this.deps.log.warn("owner_command_fallback", { command: command.kind });
      if (command.kind === "hand_over") this.handOver();
      else this.deps.dispatch(this.deps.live()?.protocol.onClosed("agent_ended") ?? []);
    }, FALLBACK_MS);
    return true;
  }

  /** The caller has been told: the owner's phone rings now (once). */
  handOver(): void {
    if (this.handedOver) return;
    this.handedOver = true;
    this.stop();
    this.deps.handOver().catch((error: unknown) => this.deps.log.error("hand_over_failed", { error: error instanceof Error ? error.message : String(error) }));
  }

  stop(): void {
    if (this.fallback) clearTimeout(this.fallback);
    this.fallback = null;
  }
}
