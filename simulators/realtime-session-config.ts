/**
 * What the OpenAI simulator's Realtime session does with a `session.update`'s audio input (GA
 * `session.audio.input`): it refuses what the API refuses, with the API's own error (an `error` event whose
 * `invalid_request_error` names the code and the parameter, the session left as it was), and otherwise answers the
 * effective configuration, defaults filled in, and ends the caller's turns after the configured silence.
 *
 * The API's rules as documented (developers.openai.com, Realtime client events `session.update`; the openai SDK's
 * `RealtimeAudioInputTurnDetection`) and as it words its refusals: `turn_detection` is `server_vad` or
 * `semantic_vad`; semantic VAD takes an eagerness and none of server VAD's timings; `threshold` is 0 to 1;
 * `idle_timeout_ms` 5,000 to 30,000; `noise_reduction` is null or `near_field`/`far_field`.
 */
import type { RealtimeSessionCreateRequest } from "openai/resources/realtime/realtime";

export interface ConfigRefusal {
  code: string;
  message: string;
  param: string;
}

type Input = NonNullable<NonNullable<RealtimeSessionCreateRequest["audio"]>["input"]>;
type TurnDetection = NonNullable<Input["turn_detection"]>;

const INPUT = "session.audio.input";
const COMMON_KEYS = ["type", "create_response", "interrupt_response"];
const KEYS: Record<TurnDetection["type"], string[]> = {
  server_vad: [...COMMON_KEYS, "silence_duration_ms", "threshold", "prefix_padding_ms", "idle_timeout_ms"],
  semantic_vad: [...COMMON_KEYS, "eagerness"],
};
const EAGERNESS = ["low", "medium", "high", "auto"];
const NOISE_TYPES = ["near_field", "far_field"];
/** The provider's defaults (the SDK's documentation of each field). */
const SERVER_VAD_DEFAULTS = { threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 500, create_response: true, interrupt_response: true };
const SEMANTIC_VAD_DEFAULTS = { eagerness: "auto" as const, create_response: true, interrupt_response: true };

/** "'a' and 'b'", "'a', 'b', and 'c'", as the API lists supported values. */
const listed = (values: readonly string[]) => {
  const quoted = values.map((value) => `'${value}'`);
  return quoted.length === 2 ? quoted.join(" and ") : `${quoted.slice(0, -1).join(", ")}, and ${quoted.at(-1)}`;
};
const invalidValue = (param: string, value: unknown, supported: readonly string[]): ConfigRefusal => ({
  code: "invalid_value",
  param,
  message: `Invalid value: '${String(value)}'. Supported values are: ${listed(supported)}.`,
});
const unknownParameter = (param: string): ConfigRefusal => ({ code: "unknown_parameter", param, message: `Unknown parameter: '${param}'.` });
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A number's type and range, refused in the API's words (`integer_below_min_value`, `decimal_above_max_value`, …). */
function numberRefusal(param: string, value: unknown, rule: { integer: boolean; min: number; max?: number }): ConfigRefusal | null {
  const kind = rule.integer ? "integer" : "decimal";
  if (typeof value !== "number" || (rule.integer && !Number.isInteger(value)))
    return {
      code: "invalid_type",
      param,
      message: `Invalid type for '${param}': expected ${rule.integer ? "an integer" : "a decimal"}, but got ${typeof value === "number" ? "a decimal number" : typeof value} instead.`,
    };
  if (value < rule.min)
    return {
      code: `${kind}_below_min_value`,
      param,
      message: `Invalid '${param}': ${kind} below minimum value. Expected a value >= ${rule.min}, but got ${value} instead.`,
    };
  if (rule.max !== undefined && value > rule.max)
    return {
      code: `${kind}_above_max_value`,
      param,
      message: `Invalid '${param}': ${kind} above maximum value. Expected a value <= ${rule.max}, but got ${value} instead.`,
    };
  return null;
}

const NUMBER_RULES: Record<string, { integer: boolean; min: number; max?: number }> = {
  threshold: { integer: false, min: 0, max: 1 },
  silence_duration_ms: { integer: true, min: 0 },
  prefix_padding_ms: { integer: true, min: 0 },
  idle_timeout_ms: { integer: true, min: 5_000, max: 30_000 },
};

function turnDetectionRefusal(detection: unknown): ConfigRefusal | null {
  const at = `${INPUT}.turn_detection`;
  if (detection === null || detection === undefined) return null;
  if (!isRecord(detection))
    return { code: "invalid_type", param: at, message: `Invalid type for '${at}': expected an object, but got ${typeof detection} instead.` };
  if (detection.type === undefined) return { code: "missing_required_parameter", param: `${at}.type`, message: `Missing required parameter: '${at}.type'.` };
  if (detection.type !== "server_vad" && detection.type !== "semantic_vad") return invalidValue(`${at}.type`, detection.type, Object.keys(KEYS));
  const unknown = Object.keys(detection).find((key) => !KEYS[detection.type as TurnDetection["type"]].includes(key));
  if (unknown) return unknownParameter(`${at}.${unknown}`);
  if (detection.eagerness !== undefined && !EAGERNESS.includes(String(detection.eagerness)))
    return invalidValue(`${at}.eagerness`, detection.eagerness, EAGERNESS);
  for (const flag of ["create_response", "interrupt_response"])
    if (detection[flag] !== undefined && typeof detection[flag] !== "boolean")
      return {
        code: "invalid_type",
        param: `${at}.${flag}`,
        message: `Invalid type for '${at}.${flag}': expected a boolean, but got ${typeof detection[flag]} instead.`,
      };
  for (const [key, rule] of Object.entries(NUMBER_RULES)) {
    // idle_timeout_ms may be null (no timeout).
    if (detection[key] === undefined || (key === "idle_timeout_ms" && detection[key] === null)) continue;
    const refusal = numberRefusal(`${at}.${key}`, detection[key], rule);
    if (refusal) return refusal;
  }
  return null;
}

function noiseReductionRefusal(noise: unknown): ConfigRefusal | null {
  const at = `${INPUT}.noise_reduction`;
  if (noise === null || noise === undefined) return null;
  if (!isRecord(noise)) return { code: "invalid_type", param: at, message: `Invalid type for '${at}': expected an object, but got ${typeof noise} instead.` };
  const unknown = Object.keys(noise).find((key) => key !== "type" && key !== "strength");
  if (unknown) return unknownParameter(`${at}.${unknown}`);
  if (noise.type !== undefined && !NOISE_TYPES.includes(String(noise.type))) return invalidValue(`${at}.type`, noise.type, NOISE_TYPES);
  return null;
}

/** Why the API would refuse this `session.update`'s audio input; null when it takes it. */
export function sessionConfigRefusal(session: unknown): ConfigRefusal | null {
  const input = isRecord(session) && isRecord(session.audio) ? session.audio.input : undefined;
  if (!isRecord(input)) return null;
  return turnDetectionRefusal(input.turn_detection) ?? noiseReductionRefusal(input.noise_reduction);
}

/** The turn detection in effect after an update: the provider's defaults under what was sent; null when it was turned off. */
export function effectiveTurnDetection(sent: Input["turn_detection"], current: TurnDetection | null): TurnDetection | null {
  if (sent === undefined) return current;
  if (sent === null) return null;
  return sent.type === "semantic_vad" ? { ...SEMANTIC_VAD_DEFAULTS, ...sent } : { ...SERVER_VAD_DEFAULTS, ...sent };
}

/** The caller's silence, in ms, that ends their turn: server VAD's own; semantic VAD's caller (always whole sentences) at the default pause. */
export const turnEndSilenceMs = (detection: TurnDetection | null) =>
  detection?.type === "server_vad" ? (detection.silence_duration_ms ?? SERVER_VAD_DEFAULTS.silence_duration_ms) : SERVER_VAD_DEFAULTS.silence_duration_ms;

/** A new session's turn detection: server VAD with the provider's defaults. */
export const DEFAULT_TURN_DETECTION: TurnDetection = { type: "server_vad", ...SERVER_VAD_DEFAULTS };
