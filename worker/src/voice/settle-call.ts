import type { CallEffectsOf } from "../call-effects/call-effects";
import type { Logger } from "../logger";
import type { Services } from "../services";
import type { SigningAccount } from "./call-context";
import { recordCallStatus, settleEnded } from "./call-status";
import type { CallSessionRpc } from "../rpc/call-session";

export interface SettleDeps {
  services: Services;
  log: Logger;
  sessions: DurableObjectNamespace<CallSessionRpc>;
  /** The call's effects (its charge among them), live or the Test Suite's. */
  effectsOf: CallEffectsOf;
}

/**
 * A call's status as Twilio reports it, taken in: from its status callback, or from Twilio's record of the call when the
 * callback never came (jobs/reconcile-calls.ts), so both settle a call the same way, once. Answers whether this ended
 * the call (false: not a final status, or its end was already recorded) and the work left to run after: the overage
 * report; for a conversation whose end was never kept, its CallSession asked whether the AI ever took it, then its
 * dashboards told and its spend charged at the cost that holds.
 */
export async function settleCallStatus(
  deps: SettleDeps,
  params: Record<string, string>,
  account: SigningAccount,
  endedAt?: Date,
): Promise<{ ended: boolean; after: Promise<unknown> | null }> {
  const { services, log, sessions, effectsOf } = deps;
  const ended = await recordCallStatus(services, log, params, account, effectsOf, endedAt);
  const unstreamed = ended?.unstreamed;
  if (!unstreamed) return { ended: ended !== null, after: ended?.overage ?? null };
  const after = sessions
    .get(sessions.idFromName(unstreamed.callSid))
    .callEnded(unstreamed.neverTakenCostMicroUsd)
    .catch((error: unknown) => {
      log.warn("call_session_release_failed", { error: error instanceof Error ? error.message : String(error) });
      return false;
    })
    .then((neverTaken) => settleEnded(services, log, unstreamed, neverTaken, effectsOf))
    .then((rest) => rest.overage);
  return { ended: true, after };
}
