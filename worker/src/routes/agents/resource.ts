import {
  AGENT_DEFAULTS,
  AGENT_TOOLS,
  type AgentCreate,
  defaultGreeting,
  type AgentPatch,
  type AgentResource,
  type AgentTool,
  DEFAULT_OPENING_HOURS,
  savedEscalation,
} from "@nikki/core";
import type { agents } from "../../db/schema";
import { turnTakingOf } from "../../agent/turn-taking";

type Row = typeof agents.$inferSelect;

const objectOf = (text: string) => {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const toolsOf = (text: string): AgentTool[] => {
  const value = JSON.parse(text || "[]") as unknown;
  return Array.isArray(value) ? value.filter((tool): tool is AgentTool => (AGENT_TOOLS as readonly string[]).includes(tool)) : [];
};

/**
 * The one serializer of an agent: the spec's names, JSON fields as objects, with the numbers assigned to it and its
 * knowledge base (the text of its typed section: knowledge/box.ts).
 */
export function serializeAgent(row: Row, numbers: { id: string; phone_number: string }[], knowledgeBase: string): AgentResource {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    secondary_language: row.secondaryLanguage,
    secondary_greeting: row.secondaryGreeting,
    voice: row.voice,
    status: row.status,
    greeting: row.greeting,
    persona_prompt: row.personaPrompt,
    knowledge_base: knowledgeBase,
    business_hours_tz: row.businessHoursTz,
    hours_json: objectOf(row.hoursJson) as AgentResource["hours_json"],
    escalation_json: objectOf(row.escalationJson),
    crm_mapping: objectOf(row.crmMapping),
    tools: toolsOf(row.tools),
    ...turnTakingOf(row),
    realtime_model: row.realtimeModel,
    numbers,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The greeting to store: the one given, else the default in the agent's language (an empty one included); a rename or a
 * new language carries a default greeting along, never one the business wrote. Undefined when it does not change.
 */
function greetingColumn(input: AgentPatch, organizationName: string, current: Row | null): string | undefined {
  const name = input.name ?? current?.name ?? "";
  const language = input.language ?? current?.language ?? AGENT_DEFAULTS.language;
  if (input.greeting !== undefined || !current) return input.greeting?.trim() || defaultGreeting(organizationName, name, language);
  const followsDefault = current.greeting === null || current.greeting === defaultGreeting(organizationName, current.name, current.language);
  const changed = input.name !== undefined || input.language !== undefined;
  return changed && followsDefault ? defaultGreeting(organizationName, name, language) : undefined;
}

/**
 * A validated create (no `current`) or patch as column values; a create fills the spec's defaults (9 to 5 on
 * weekdays), and every agent gets a greeting. `knowledge_base` is not a column's: the route writes it as the agent's
 * knowledge box (knowledge/box.ts).
 */
/** What an agent's defaults take from its business: the name its default greeting says, the zone a new agent starts in. */
export interface AgentBusiness {
  name: string;
  timeZone: string;
}

export function agentColumns(input: AgentPatch, business: AgentBusiness, current: Row | null): Partial<typeof agents.$inferInsert> {
  const create = current === null;
  const columns: Partial<typeof agents.$inferInsert> = {};
  const set = <K extends keyof typeof agents.$inferInsert>(key: K, value: (typeof agents.$inferInsert)[K] | undefined) => {
    if (value !== undefined) columns[key] = value;
  };
  set("name", input.name);
  set("language", input.language ?? (create ? AGENT_DEFAULTS.language : undefined));
  set("secondaryLanguage", input.secondary_language);
  set("secondaryGreeting", input.secondary_greeting === undefined ? undefined : input.secondary_greeting?.trim() || null);
  set("voice", input.voice ?? (create ? AGENT_DEFAULTS.voice : undefined));
  set("status", input.status);
  set("greeting", greetingColumn(input, business.name, current));
  set("personaPrompt", input.persona_prompt);
  set("businessHoursTz", input.business_hours_tz ?? (create ? business.timeZone : undefined));
  const hours = input.hours_json ?? (create ? DEFAULT_OPENING_HOURS : undefined);
  set("hoursJson", hours && JSON.stringify(hours));
  set("escalationJson", input.escalation_json && JSON.stringify(savedEscalation(input.escalation_json)));
  set("crmMapping", input.crm_mapping && JSON.stringify(input.crm_mapping));
  set("tools", input.tools && JSON.stringify([...new Set(input.tools)]));
  // Turn-taking left out of a create takes the columns' defaults (core's TURN_TAKING_DEFAULTS).
  set("turnDetection", input.turn_detection);
  set("silenceDurationMs", input.silence_duration_ms);
  set("eagerness", input.eagerness);
  set("noiseReduction", input.noise_reduction);
  set("interruptionMinMs", input.interruption_min_ms);
  set("realtimeModel", input.realtime_model);
  return columns;
}

/** The agent's second language must be another one than its own (after the change). */
export function secondaryLanguageClash(input: AgentPatch, current: Row | null): boolean {
  const language = input.language ?? current?.language ?? AGENT_DEFAULTS.language;
  const secondary = input.secondary_language === undefined ? (current?.secondaryLanguage ?? null) : input.secondary_language;
  return secondary !== null && secondary === language;
}

export type { AgentCreate };
