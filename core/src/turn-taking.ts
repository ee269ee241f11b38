/**
 * How an agent takes turns on a call (issue 55): when the model decides the caller has finished (OpenAI Realtime's
 * `turn_detection`: `server_vad` after a set silence, or `semantic_vad` with an eagerness), how the caller's audio is
 * cleaned first (`noise_reduction`), how long a caller must speak before the agent stops talking (the bridge's
 * false-interruption guard), and which realtime model answers. The API carries them under the provider's own names.
 */
import * as z from "zod/mini";
import { OPENAI_MODELS } from "./constants";

export const TURN_DETECTIONS = ["server_vad", "semantic_vad"] as const;
export type TurnDetection = (typeof TURN_DETECTIONS)[number];
/** Semantic VAD's eagerness; `auto` is the provider's default and means `medium`. */
export const TURN_EAGERNESS = ["auto", "low", "medium", "high"] as const;
export type TurnEagerness = (typeof TURN_EAGERNESS)[number];
/** `off` sends no noise reduction (the provider's default, null); the others are its two types. */
export const NOISE_REDUCTIONS = ["off", "near_field", "far_field"] as const;
export type NoiseReduction = (typeof NOISE_REDUCTIONS)[number];

/** An agent's turn-taking as the API names it (snake_case, the provider's words). */
export interface TurnTaking {
  turn_detection: TurnDetection;
  /** server_vad only: the silence that ends the caller's turn. */
  silence_duration_ms: number;
  /** semantic_vad only. */
  eagerness: TurnEagerness;
  noise_reduction: NoiseReduction;
  /** How long the caller must speak over the agent before it stops (the bridge's guard; a cough is shorter). */
  interruption_min_ms: number;
}

/**
 * server_vad with the provider's own 500 ms silence (its documented default, and what calls used before this was a
 * setting); far-field noise reduction, the issue's choice for phone audio (a handset on speaker, a car, a shop floor);
 * 300 ms before the caller interrupts (a cough or an "mm-hm" is shorter).
 */
export const TURN_TAKING_DEFAULTS: TurnTaking = {
  turn_detection: "server_vad",
  silence_duration_ms: 500,
  eagerness: "auto",
  noise_reduction: "far_field",
  interruption_min_ms: 300,
};

/**
 * The product's bounds: under 200 ms of silence the agent jumps into the caller's pauses, over 2 s a caller waits in
 * silence; under 100 ms the interruption guard lets any click through, over 1.5 s a caller talks unheard.
 */
export const TURN_TAKING_BOUNDS = {
  silence_duration_ms: { min: 200, max: 2_000 },
  interruption_min_ms: { min: 100, max: 1_500 },
} as const;

/**
 * The realtime models an agent may choose when the deployment does not list its own (OPENAI_REALTIME_MODELS): the
 * undated GA names in the openai SDK's `RealtimeSessionCreateRequest["model"]` (openai 7.57), leaving out dated
 * snapshots, the beta-era `gpt-4o-*-realtime-preview` models (the bridge speaks the GA events) and the `gpt-audio-*`
 * chat models. The deployment's own OPENAI_REALTIME_MODEL is always allowed.
 */
export const REALTIME_MODELS = [
  OPENAI_MODELS.realtime,
  "gpt-realtime-mini",
  "gpt-realtime-1.5",
  "gpt-realtime-2",
  "gpt-realtime-2.1",
  "gpt-realtime-2.1-mini",
] as const;

/**
 * A realtime model as an owner reads it (the API keeps the model's id): "gpt-realtime" is Standard,
 * "gpt-realtime-2.1-mini" Lighter, version 2.1. A model outside that family (a deployment's own) is "Custom model".
 */
export function voiceModelName(model: string): string {
  const family = /^gpt-realtime(?:-(\d+(?:\.\d+)?))?(-mini)?$/.exec(model);
  if (!family) return "Custom model";
  const [, version, mini] = family;
  return `${mini ? "Lighter" : "Standard"}${version ? `, version ${version}` : ""}`;
}

/** What `GET /api/agents/realtime-models` answers: the deployment's model and the ones an agent may choose instead. */
export interface RealtimeModelsResource {
  default: string;
  allowed: string[];
}

const range = (bounds: { min: number; max: number }) => `${bounds.min.toLocaleString("en-US")} to ${bounds.max.toLocaleString("en-US")}`;

export const TURN_TAKING_MESSAGES = {
  turnDetection: `Turn detection must be one of ${TURN_DETECTIONS.join(", ")}.`,
  silence: `The pause before the agent answers must be a whole number of milliseconds from ${range(TURN_TAKING_BOUNDS.silence_duration_ms)}.`,
  eagerness: `Eagerness must be one of ${TURN_EAGERNESS.join(", ")}.`,
  noiseReduction: `Noise reduction must be one of ${NOISE_REDUCTIONS.join(", ")}.`,
  interruption: `How long a caller speaks before the agent stops must be a whole number of milliseconds from ${range(TURN_TAKING_BOUNDS.interruption_min_ms)}.`,
  /** The name is not a model name at all (the server then checks it against the deployment's list). */
  modelName: "Choose a model from the list, or the deployment's default.",
  model: (allowed: readonly string[]) => `The model must be one of ${allowed.join(", ")}, or the deployment's default.`,
} as const;

/** The wizard's words for each choice. */
export const TURN_TAKING_COPY = {
  legend: "How the agent takes turns",
  turnDetection: "When the agent answers",
  turnDetections: {
    server_vad: "After a pause",
    semantic_vad: "When the caller sounds done",
  } satisfies Record<TurnDetection, string>,
  turnDetectionHint: "After a pause is quick and predictable. When the caller sounds done waits through an “uhm”, and may answer a little later.",
  silence: "How long a pause ends the caller's turn (ms)",
  silenceHint: "Shorter answers sooner but may cut in when a caller stops to think. 500\u00a0ms is the provider's default.",
  eagerness: "Eagerness",
  eagernesses: {
    auto: "Auto (same as medium)",
    low: "Low: waits up to 8 s",
    medium: "Medium: waits up to 4 s",
    high: "High: answers within 2 s",
  } satisfies Record<TurnEagerness, string>,
  noiseReduction: "Noise reduction",
  noiseReductionHint: "Cleans the caller's audio before the model hears it. Far field suits most phone calls, busy rooms included.",
  noiseReductions: {
    off: "Off",
    near_field: "Near field (handset held close)",
    far_field: "Far field (speakerphone, car)",
  } satisfies Record<NoiseReduction, string>,
  interruption: "Caller speaks this long before the agent stops (ms)",
  interruptionHint: "Shorter sounds (a cough, an “mm-hm”) never cut the agent off.",
  model: "Voice model",
  modelLoadFailed: "Failed to load the voice models",
  deploymentModel: (model: string) => `Default (${voiceModelName(model)})`,
  deploymentDefault: "Default",
  notOffered: (model: string) => `${voiceModelName(model)} (no longer offered: calls use the default)`,
  /** One line for the wizard's Review: "After a 500 ms pause · far-field noise reduction · interrupted after 300 ms". */
  summary: (turn: TurnTaking) =>
    [
      turn.turn_detection === "semantic_vad" ? `When the caller sounds done (eagerness ${turn.eagerness})` : `After a ${turn.silence_duration_ms} ms pause`,
      turn.noise_reduction === "off" ? "no noise reduction" : `${turn.noise_reduction === "far_field" ? "far" : "near"}-field noise reduction`,
      `stops talking after ${turn.interruption_min_ms} ms of the caller's speech`,
    ].join(" · "),
} as const;

const wholeIn = (bounds: { min: number; max: number }, message: string) =>
  z.number(message).check(z.int(message), z.gte(bounds.min, message), z.lte(bounds.max, message));

/** The agent schema's turn-taking fields (agents.ts), each with its own message. */
export const turnTakingFields = {
  turn_detection: z.enum(TURN_DETECTIONS, TURN_TAKING_MESSAGES.turnDetection),
  silence_duration_ms: wholeIn(TURN_TAKING_BOUNDS.silence_duration_ms, TURN_TAKING_MESSAGES.silence),
  eagerness: z.enum(TURN_EAGERNESS, TURN_TAKING_MESSAGES.eagerness),
  noise_reduction: z.enum(NOISE_REDUCTIONS, TURN_TAKING_MESSAGES.noiseReduction),
  interruption_min_ms: wholeIn(TURN_TAKING_BOUNDS.interruption_min_ms, TURN_TAKING_MESSAGES.interruption),
  /** Null: the deployment's model. Whether the deployment allows it is the server's check (its configuration). */
  realtime_model: z.nullable(z.string(TURN_TAKING_MESSAGES.modelName).check(z.regex(/^[a-z0-9][a-z0-9._-]{0,63}$/i, TURN_TAKING_MESSAGES.modelName))),
};
