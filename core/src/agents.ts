import * as z from "zod/mini";
import { AGENT_DEFAULTS, AGENT_LANGUAGES, AGENT_TOOLS, AGENT_VOICES, type AgentTool, type Region } from "./constants";
import { type LanguageCode, languageCodeOf } from "./language-detection";
import { escalationProblem, savedEscalation } from "./escalation";
import { hoursProblem } from "./hours-problem";
import { TIME_ZONE_MESSAGE, timeZoneField } from "./time-zones";
import { type TurnTaking, turnTakingFields } from "./turn-taking";

/** An agent as the dashboard reads it (spec 001 §3 "Agent", snake_case; JSON fields as objects; its turn-taking, turn-taking.ts). */
export interface AgentResource extends TurnTaking {
  id: string;
  name: string;
  language: string;
  /** A second agent language the call opens in too (issue 37 §4); null: one language. */
  secondary_language: string | null;
  /** The short line in both languages said after the greeting when there is a secondary language; null: the pair's default. */
  secondary_greeting: string | null;
  voice: string;
  status: "active" | "inactive";
  greeting: string | null;
  persona_prompt: string;
  knowledge_base: string;
  business_hours_tz: string;
  hours_json: Record<string, { open: string; close: string }[]>;
  escalation_json: Record<string, unknown>;
  crm_mapping: Record<string, unknown>;
  tools: AgentTool[];
  /** The realtime model its calls use; null: the deployment's (OPENAI_REALTIME_MODEL). */
  realtime_model: string | null;
  /** The numbers assigned to it. */
  numbers: { id: string; phone_number: string }[];
  created_at: string;
  updated_at: string;
}

const DEFAULT_GREETINGS: Record<LanguageCode, (organization: string, agent: string) => string> = {
  en: (organization, agent) => `Thanks for calling ${organization}, this is ${agent}. How can I help?`,
  es: (organization, agent) => `Gracias por llamar a ${organization}, le atiende ${agent}. ¿En qué puedo ayudarle?`,
  fr: (organization, agent) => `Merci d'avoir appelé ${organization}, ici ${agent}. Comment puis-je vous aider ?`,
  de: (organization, agent) => `Danke für Ihren Anruf bei ${organization}, hier ist ${agent}. Wie kann ich helfen?`,
  it: (organization, agent) => `Grazie per aver chiamato ${organization}, sono ${agent}. Come posso aiutarla?`,
  pt: (organization, agent) => `Obrigado por ligar para ${organization}, aqui é ${agent}. Como posso ajudar?`,
};

/** What an agent says first unless the business wrote its own, in the agent's language: stored with the agent, shown in the wizard. */
export const defaultGreeting = (organization: string, agent: string, language: string = AGENT_DEFAULTS.language) =>
  DEFAULT_GREETINGS[languageCodeOf(language) ?? "en"](organization, agent);

/** The one greeting of an agent (calls, their transcript, the chat): its own, else the default in its language. */
export function greetingOf(agent: { name: string; greeting: string | null; language?: string }, organization: string): string {
  return agent.greeting?.trim() || defaultGreeting(organization, agent.name, agent.language);
}

/** A voice as the owner reads it ("Coral"), in the wizard and on the agent's card alike. */
export const voiceName = (voice: string): string => (voice ? voice[0]!.toUpperCase() + voice.slice(1) : voice);

const AGENT_LANGUAGE_NAMES: Record<string, string> = {
  "en-US": "English (US)",
  "es-ES": "Spanish",
  "fr-FR": "French",
  "de-DE": "German",
  "it-IT": "Italian",
  "pt-BR": "Portuguese (Brazil)",
};

/** An agent language as the owner reads it ("English (US)"). */
export const agentLanguageName = (language: string): string => AGENT_LANGUAGE_NAMES[language] ?? language;

/** "English (US) and Spanish · voice Sage": an agent's languages and voice, on its card and in the wizard's Review alike. */
export function languagesAndVoice(agent: { language: string; secondary_language?: string | null; voice: string }): string {
  const second = agent.secondary_language && agent.secondary_language !== agent.language ? ` and ${agentLanguageName(agent.secondary_language)}` : "";
  return `${agentLanguageName(agent.language)}${second} · voice ${voiceName(agent.voice)}`;
}

/** What the owner hears once an agent is saved: with no number it answers nothing yet, so the next step is Numbers. */
export const AGENT_SAVED_MESSAGES = {
  ready: (name: string) => `${name} is ready to answer calls.`,
  needsNumber: (name: string) => `Give ${name} a number on Numbers to answer calls.`,
  numbersLink: "Open Numbers",
} as const;

export const AGENT_MESSAGES = {
  name: "Agent name is required (at most 100 characters).",
  language: `Language must be one of ${AGENT_LANGUAGES.join(", ")}.`,
  voice: `Voice must be one of ${AGENT_VOICES.join(", ")}.`,
  status: "Status must be active or inactive.",
  greeting: "The greeting can be at most 500 characters.",
  secondaryLanguage: `The second language must be one of ${AGENT_LANGUAGES.join(", ")}, and not the agent's own language.`,
  secondaryGreeting: "The line in both languages can be at most 200 characters.",
  persona: "The persona can be at most 4,000 characters.",
  knowledge: "The knowledge base can be at most 20,000 characters.",
  timezone: TIME_ZONE_MESSAGE,
  object: "Must be a JSON object.",
  tools: `Tools must be chosen from ${AGENT_TOOLS.join(", ")}.`,
  hasNumbers: "This agent still answers a phone number. Assign the number to another agent or unassign it first.",
} as const;

/**
 * A JSON field: an object, or a string holding one (spec 001 §5). A string that is not JSON is refused with the
 * parser's own message, as the spec's form shows it.
 */
function jsonObject(field: string) {
  return z.pipe(
    z.union([z.string(), z.record(z.string(), z.unknown())], AGENT_MESSAGES.object),
    z.transform((value, context) => {
      if (typeof value !== "string") return value;
      try {
        const parsed = JSON.parse(value) as unknown;
        if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
        context.issues.push({ code: "custom", input: value, message: AGENT_MESSAGES.object, path: [] });
      } catch (error) {
        context.issues.push({ code: "custom", input: value, message: error instanceof Error ? error.message : `${field}: invalid JSON`, path: [] });
      }
      return z.NEVER;
    }),
  );
}

/** Escalation rules as a business writes them: the transfer numbers read in its default region, stored as E.164. */
function escalationField(region: Region) {
  return z.pipe(
    jsonObject("escalation_json").check(
      z.check((context) => {
        const problem = escalationProblem(context.value, region);
        if (problem) context.issues.push({ code: "custom", input: context.value, message: problem });
      }),
    ),
    z.transform((value) => savedEscalation(value, region)),
  );
}

const fields = {
  name: z.string(AGENT_MESSAGES.name).check(z.trim(), z.minLength(1, AGENT_MESSAGES.name), z.maxLength(100, AGENT_MESSAGES.name)),
  language: z.enum(AGENT_LANGUAGES, AGENT_MESSAGES.language),
  secondary_language: z.nullable(z.enum(AGENT_LANGUAGES, AGENT_MESSAGES.secondaryLanguage)),
  secondary_greeting: z.nullable(z.string(AGENT_MESSAGES.secondaryGreeting).check(z.trim(), z.maxLength(200, AGENT_MESSAGES.secondaryGreeting))),
  voice: z.enum(AGENT_VOICES, AGENT_MESSAGES.voice),
  status: z.enum(["active", "inactive"], AGENT_MESSAGES.status),
  greeting: z.nullable(z.string(AGENT_MESSAGES.greeting).check(z.trim(), z.maxLength(500, AGENT_MESSAGES.greeting))),
  persona_prompt: z.string(AGENT_MESSAGES.persona).check(z.maxLength(4_000, AGENT_MESSAGES.persona)),
  knowledge_base: z.string(AGENT_MESSAGES.knowledge).check(z.maxLength(20_000, AGENT_MESSAGES.knowledge)),
  business_hours_tz: timeZoneField(),
  hours_json: jsonObject("hours_json").check(
    z.check((context) => {
      const problem = hoursProblem(context.value, "opening");
      if (problem) context.issues.push({ code: "custom", input: context.value, message: problem });
    }),
  ),
  escalation_json: escalationField("US"),
  crm_mapping: jsonObject("crm_mapping"),
  tools: z.array(z.enum(AGENT_TOOLS, AGENT_MESSAGES.tools), AGENT_MESSAGES.tools),
  ...turnTakingFields,
};

/** The wizard's switch between a form and the same setting written as text (JSON), for the few who want it. */
export const SETTING_AS_DATA_COPY = {
  show: (what: string) => `Edit the ${what} as text`,
  hide: (what: string) => `Edit the ${what} with the form`,
} as const;

/** `POST /api/agents`: only the name is required; the rest take the spec's defaults. */
export const agentCreateSchema = z.strictObject({
  name: fields.name,
  language: z.optional(fields.language),
  secondary_language: z.optional(fields.secondary_language),
  secondary_greeting: z.optional(fields.secondary_greeting),
  voice: z.optional(fields.voice),
  status: z.optional(fields.status),
  greeting: z.optional(fields.greeting),
  persona_prompt: z.optional(fields.persona_prompt),
  knowledge_base: z.optional(fields.knowledge_base),
  business_hours_tz: z.optional(fields.business_hours_tz),
  hours_json: z.optional(fields.hours_json),
  escalation_json: z.optional(fields.escalation_json),
  crm_mapping: z.optional(fields.crm_mapping),
  tools: z.optional(fields.tools),
  turn_detection: z.optional(fields.turn_detection),
  silence_duration_ms: z.optional(fields.silence_duration_ms),
  eagerness: z.optional(fields.eagerness),
  noise_reduction: z.optional(fields.noise_reduction),
  interruption_min_ms: z.optional(fields.interruption_min_ms),
  realtime_model: z.optional(fields.realtime_model),
});
export type AgentCreate = z.output<typeof agentCreateSchema>;

/** `PATCH /api/agents/:id`: any field. */
export const agentPatchSchema = z.partial(agentCreateSchema);

/** The agent schemas for an organization: its transfer numbers may be written as its default region dials them. */
export function agentSchemasIn(region: Region) {
  const create = z.extend(agentCreateSchema, { escalation_json: z.optional(escalationField(region)) });
  return { create, patch: z.partial(create) };
}
export type AgentPatch = z.output<typeof agentPatchSchema>;
