import * as z from "zod/mini";
import { pageMarkerSchema } from "./page-marker";

/**
 * Knowledge entries (issue 39 §1): what an organization's agents know. A question and its answer ("qa") or a section
 * with a title and its text ("section"), typed by the owner, imported from the business's website or written as the
 * answer to a question callers asked; each serves every agent (`agent_ids` empty) or the agents it names.
 */
export const KNOWLEDGE_KINDS = ["qa", "section"] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];
export const KNOWLEDGE_SOURCES = ["typed", "website", "question"] as const;
export type KnowledgeSource = (typeof KNOWLEDGE_SOURCES)[number];

/** An entry as the API serializes it. */
export interface KnowledgeEntry {
  id: string;
  kind: KnowledgeKind;
  /** A section's title and text; empty for a question and answer. */
  title: string;
  body: string;
  /** A question and its answer; empty for a section. */
  question: string;
  answer: string;
  source: KnowledgeSource;
  /** The page a website entry was imported from; null otherwise. */
  source_url: string | null;
  /** The agents it serves; empty: every agent. */
  agent_ids: string[];
  enabled: boolean;
  /** The owner changed an imported entry: a re-import keeps it as it is. */
  edited: boolean;
  updated_at: string;
}

/** `search` fits a pasted question or paragraph (of which the first 8 words are looked for). */
export const KNOWLEDGE_LIMITS = { title: 200, body: 20_000, question: 500, answer: 5_000, agents: 50, search: 2_000 } as const;

export const KNOWLEDGE_MESSAGES = {
  kind: 'Choose "qa" (a question and its answer) or "section" (a title and its text).',
  title: `Give the section a title (1 to ${KNOWLEDGE_LIMITS.title} characters).`,
  body: `Write the section's text (1 to ${KNOWLEDGE_LIMITS.body.toLocaleString("en-US")} characters).`,
  question: `Write the question (1 to ${KNOWLEDGE_LIMITS.question} characters).`,
  answer: `Write the answer (1 to ${KNOWLEDGE_LIMITS.answer.toLocaleString("en-US")} characters).`,
  notForQa: "A question and answer has no title or text: change its question or answer.",
  notForSection: "A section has no question or answer: change its title or text.",
  agents: "Choose agents of your organization, or none for every agent.",
  enabled: "Enabled must be true or false.",
  search: `Search for at most ${KNOWLEDGE_LIMITS.search} characters.`,
  source: "The source must be typed, website or question.",
  notFound: "That knowledge entry was not found. It may have been deleted: reload the list.",
  boxAgents: "This section is an agent's knowledge base and serves that agent only. Add a new entry to share it with other agents.",
  loadFailed: "Failed to load knowledge",
  empty: "No knowledge yet. Add what callers ask about, such as prices, hours and policies, or import your website's pages, and your agents answer from it.",
  noMatches: "No entries match. Try other words or another source.",
  sources: { typed: "Typed", website: "Website", question: "Approved question" } satisfies Record<KnowledgeSource, string>,
} as const;

/** The title of an agent's knowledge base as a typed section (the migration 0030_knowledge_box writes the same). */
export const knowledgeBoxTitle = (agentName: string): string => `Knowledge base: ${agentName}`;

const text = (max: number, message: string) => z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));
const agentId = z.string(KNOWLEDGE_MESSAGES.agents).check(z.minLength(1, KNOWLEDGE_MESSAGES.agents), z.maxLength(64, KNOWLEDGE_MESSAGES.agents));

const fields = {
  title: text(KNOWLEDGE_LIMITS.title, KNOWLEDGE_MESSAGES.title),
  body: text(KNOWLEDGE_LIMITS.body, KNOWLEDGE_MESSAGES.body),
  question: text(KNOWLEDGE_LIMITS.question, KNOWLEDGE_MESSAGES.question),
  answer: text(KNOWLEDGE_LIMITS.answer, KNOWLEDGE_MESSAGES.answer),
  agent_ids: z.array(agentId, KNOWLEDGE_MESSAGES.agents).check(z.maxLength(KNOWLEDGE_LIMITS.agents, KNOWLEDGE_MESSAGES.agents)),
  enabled: z.boolean(KNOWLEDGE_MESSAGES.enabled),
};

/** Every field but the kind, each optional (a create requires its kind's own in its check). */
const optionalFields = {
  title: z.optional(fields.title),
  body: z.optional(fields.body),
  question: z.optional(fields.question),
  answer: z.optional(fields.answer),
  agent_ids: z.optional(fields.agent_ids),
  enabled: z.optional(fields.enabled),
};

const OWN_FIELDS: Record<KnowledgeKind, readonly ["title", "body"] | readonly ["question", "answer"]> = {
  section: ["title", "body"],
  qa: ["question", "answer"],
};

/**
 * The fields of the other kind, refused (`notFor…`), under their own names. Undefined kind (a patch of an entry whose
 * kind the route knows) checks nothing here.
 */
export function knowledgeFieldsProblem(kind: KnowledgeKind, input: Partial<Record<"title" | "body" | "question" | "answer", unknown>>) {
  const other = kind === "qa" ? OWN_FIELDS.section : OWN_FIELDS.qa;
  const field = other.find((name) => input[name] !== undefined);
  return field ? { field, message: kind === "qa" ? KNOWLEDGE_MESSAGES.notForQa : KNOWLEDGE_MESSAGES.notForSection } : null;
}

/** `POST /api/knowledge`: a question and answer, or a section; every agent and enabled unless given. */
export const knowledgeCreateSchema = z.strictObject({ kind: z.enum(KNOWLEDGE_KINDS, KNOWLEDGE_MESSAGES.kind), ...optionalFields }).check(
  z.check((context) => {
    const { kind } = context.value;
    for (const field of OWN_FIELDS[kind]) {
      if (context.value[field] === undefined) context.issues.push({ code: "custom", input: context.value, path: [field], message: KNOWLEDGE_MESSAGES[field] });
    }
    const problem = knowledgeFieldsProblem(kind, context.value);
    if (problem) context.issues.push({ code: "custom", input: context.value, path: [problem.field], message: problem.message });
  }),
);
export type KnowledgeCreate = z.output<typeof knowledgeCreateSchema>;

/** `PATCH /api/knowledge/:id`: any field of the entry's kind; the kind itself stays. */
export const knowledgePatchSchema = z.strictObject(optionalFields);
export type KnowledgePatch = z.output<typeof knowledgePatchSchema>;

/** `GET /api/knowledge` query: words searched in title, text, question and answer; one source; the page marker. */
export const knowledgeQuerySchema = z.strictObject({
  q: z.optional(z.string(KNOWLEDGE_MESSAGES.search).check(z.maxLength(KNOWLEDGE_LIMITS.search, KNOWLEDGE_MESSAGES.search))),
  source: z.optional(z.enum(KNOWLEDGE_SOURCES, KNOWLEDGE_MESSAGES.source)),
  cursor: pageMarkerSchema,
});
export type KnowledgeQuery = z.output<typeof knowledgeQuerySchema>;
