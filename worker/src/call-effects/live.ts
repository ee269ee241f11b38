import type { CallEffects, EffectsCall, EffectsDeps } from "./call-effects";
import { liveAfterCall } from "./live-after";
import { liveDuringCall } from "./live-during";

/** A call's effects, done: every call's but a Test Suite call's (test-suite/call-effects-of.ts). */
export function liveEffects(call: EffectsCall, deps: EffectsDeps): CallEffects {
  return { ...liveDuringCall(call, deps), ...liveAfterCall(call, deps) };
}
