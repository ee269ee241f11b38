import {
  AGENT_DEFAULTS,
  type AgentResource,
  type AgentTool,
  DEFAULT_OPENING_HOURS,
  type NoiseReduction,
  TURN_TAKING_DEFAULTS,
  type TurnDetection,
  type TurnEagerness,
  type Region,
  agentSchemasIn,
  parseFields,
} from "@nikki/core";

export type Hours = Record<string, { open: string; close: string }[]>;

/** What the wizard edits. A JSON field is kept as text too, for its raw view; the text is what is sent. */
export interface AgentDraft {
  name: string;
  language: string;
  /** "" for none. */
  secondary_language: string;
  secondary_greeting: string;
  voice: string;
  greeting: string;
  persona_prompt: string;
  knowledge_base: string;
  business_hours_tz: string;
  hours_json: string;
  escalation_json: string;
  crm_mapping: string;
  tools: AgentTool[];
  turn_detection: TurnDetection;
  /** Milliseconds as typed (a number input's text), sent as a number. */
  silence_duration_ms: string;
  eagerness: TurnEagerness;
  noise_reduction: NoiseReduction;
  interruption_min_ms: string;
  /** "" for the deployment's model. */
  realtime_model: string;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** A new agent's draft, in the business's time zone when it is known. */
export function emptyDraft(timeZone: string = AGENT_DEFAULTS.timezone): AgentDraft {
  return {
    name: "",
    language: AGENT_DEFAULTS.language,
    secondary_language: "",
    secondary_greeting: "",
    voice: AGENT_DEFAULTS.voice,
    greeting: "",
    persona_prompt: "",
    knowledge_base: "",
    business_hours_tz: timeZone,
    hours_json: pretty(DEFAULT_OPENING_HOURS),
    escalation_json: pretty({}),
    crm_mapping: pretty({}),
    tools: ["book_appointment", "push_crm_lead", "send_sms"],
    ...TURN_TAKING_DEFAULTS,
    silence_duration_ms: String(TURN_TAKING_DEFAULTS.silence_duration_ms),
    interruption_min_ms: String(TURN_TAKING_DEFAULTS.interruption_min_ms),
    realtime_model: "",
  };
}

export function draftOf(agent: AgentResource): AgentDraft {
  return {
    name: agent.name,
    language: agent.language,
    secondary_language: agent.secondary_language ?? "",
    secondary_greeting: agent.secondary_greeting ?? "",
    voice: agent.voice,
    greeting: agent.greeting ?? "",
    persona_prompt: agent.persona_prompt,
    knowledge_base: agent.knowledge_base,
    business_hours_tz: agent.business_hours_tz,
    hours_json: pretty(agent.hours_json),
    escalation_json: pretty(agent.escalation_json),
    crm_mapping: pretty(agent.crm_mapping),
    tools: agent.tools,
    turn_detection: agent.turn_detection,
    silence_duration_ms: String(agent.silence_duration_ms),
    eagerness: agent.eagerness,
    noise_reduction: agent.noise_reduction,
    interruption_min_ms: String(agent.interruption_min_ms),
    realtime_model: agent.realtime_model ?? "",
  };
}

/** A number input's text as the API takes it: an empty one is no number (refused in the schema's words). */
const typedNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The request body: JSON fields go as the text the user left, so the server reports a parse error under its field. */
export function bodyOf(draft: AgentDraft) {
  // A second language the agent's own language has since become is none.
  const secondary = draft.secondary_language && draft.secondary_language !== draft.language ? draft.secondary_language : null;
  return {
    ...draft,
    greeting: draft.greeting.trim() || null,
    secondary_language: secondary,
    secondary_greeting: (secondary && draft.secondary_greeting.trim()) || null,
    silence_duration_ms: typedNumber(draft.silence_duration_ms),
    interruption_min_ms: typedNumber(draft.interruption_min_ms),
    realtime_model: draft.realtime_model || null,
  };
}

/** The object behind a JSON field's text, or null while the text is not a JSON object. */
export function parsedObject(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What the server would refuse in the draft, field by field in its own words (core's agent schema), before sending. */
export function draftProblems(draft: AgentDraft, region: Region): Record<string, string> {
  const parsed = parseFields(agentSchemasIn(region).create, bodyOf(draft));
  return parsed.ok ? {} : parsed.fields;
}

/** The first field with a problem, in the wizard's order (its step, then the step's fields as listed), among the steps `within` takes. */
export function firstProblem(problems: Record<string, string>, within: (step: number) => boolean = () => true): string | undefined {
  return Object.keys(STEP_OF_FIELD).find((field) => problems[field] && within(STEP_OF_FIELD[field]!));
}

export const STEPS = ["Profile", "Persona", "Knowledge", "Voice", "Hours & Escalation", "Services", "CRM Mapping", "Review"] as const;

/** The step that holds each field, so an error from the server opens the step where it can be fixed. */
export const STEP_OF_FIELD: Record<string, number> = {
  name: 0,
  language: 0,
  secondary_language: 0,
  secondary_greeting: 0,
  tools: 0,
  greeting: 1,
  persona_prompt: 1,
  knowledge_base: 2,
  voice: 3,
  turn_detection: 3,
  silence_duration_ms: 3,
  eagerness: 3,
  noise_reduction: 3,
  interruption_min_ms: 3,
  realtime_model: 3,
  business_hours_tz: 4,
  hours_json: 4,
  escalation_json: 4,
  crm_mapping: 6,
};

export const TOOL_NAMES: Record<AgentTool, string> = {
  book_appointment: "Book appointments",
  push_crm_lead: "Save leads to the CRM",
  send_sms: "Text the caller",
  transfer_call: "Transfer to a person",
};
