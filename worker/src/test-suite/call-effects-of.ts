import type { CallEffectsOf } from "../call-effects/call-effects";
import { liveEffects } from "../call-effects/live";
import { recordedEffects } from "./recorded-effects";

/**
 * The one place a call's effects are chosen: a Test Suite call's are recorded (recorded-effects.ts), every other call's
 * are done (call-effects/live.ts). Its setup says so while it runs, its row after it. Handed down from the worker's
 * entries (index.ts to the CallSession, the routes that settle or push a call), so voice/ knows no Test Suite.
 */
export const callEffectsOf: CallEffectsOf = (call, deps) => {
  const suiteCall = "test" in call ? call.test : call.kind === "test";
  return suiteCall ? recordedEffects(call, deps) : liveEffects(call, deps);
};
