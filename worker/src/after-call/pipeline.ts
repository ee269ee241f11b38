import type { CallEffectsOf } from "../call-effects/call-effects";
import type { Logger } from "../logger";
import type { Services } from "../services";
import { analyzeDueCall } from "./analysis";
import { sendCallAlert } from "./call-alerts";
import { sendFollowUpText } from "./follow-up";
import { postCallFacts } from "./post-call-facts";

/**
 * What follows a call once it is over (its CallSession's alarm runs it): the analysis, and once that is done the
 * follow-up text and the alert, each with the call's effects as `effectsOf` chooses them from its row. Answers when
 * to try the analysis again, or null when the pipeline is through.
 */
export async function afterCall(services: Services, callId: string, effectsOf: CallEffectsOf, log: Logger): Promise<Date | null> {
  const next = await analyzeDueCall(services, callId, effectsOf);
  if (next) return next;
  const facts = await postCallFacts(services.db, callId);
  await sendFollowUpText(services, callId, effectsOf, facts);
  await sendCallAlert(services, callId, effectsOf, facts).catch((error: unknown) => log.warn("call_alert_failed", { error: String(error) }));
  return null;
}
