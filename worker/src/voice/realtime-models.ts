/**
 * Which realtime model answers a call: the deployment's (OPENAI_REALTIME_MODEL) unless the agent chose another that
 * the deployment allows (OPENAI_REALTIME_MODELS, by default core's REALTIME_MODELS).
 */
import type { RealtimeModelsResource } from "@nikki/core";
import type { Config } from "../env";

/** The deployment's model and the ones an agent may choose, the deployment's first. */
export function realtimeModels(config: Config): RealtimeModelsResource {
  return { default: config.OPENAI_REALTIME_MODEL, allowed: [...new Set([config.OPENAI_REALTIME_MODEL, ...config.OPENAI_REALTIME_MODELS])] };
}

/** The model an agent's call opens with: its own choice while the deployment still allows it, else the deployment's. */
export function realtimeModelFor(config: Config, chosen: string | null): string {
  return chosen && realtimeModels(config).allowed.includes(chosen) ? chosen : config.OPENAI_REALTIME_MODEL;
}
