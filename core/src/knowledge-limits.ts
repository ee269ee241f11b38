/**
 * How much knowledge an organization may hold (the plan catalogue's `knowledge`: entries, and characters of text in
 * one), as the Knowledge page shows it and as the API and the website import refuse past it.
 */

/** `GET /api/knowledge/usage`: the entries held, and the plan's limits. */
export interface KnowledgeUsage {
  entries: number;
  max_entries: number;
  /** Characters of text in one entry: a section's text, an answer, an agent's knowledge base. */
  max_entry_chars: number;
}

const count = (value: number) => value.toLocaleString("en-US");

/** Who sets the limit, as a sentence starts: "The Growth plan", or "The free trial (as Growth)". */
export const knowledgeAllowance = (planName: string, trial: boolean) => (trial ? `The free trial (as ${planName})` : `The ${planName} plan`);

export const KNOWLEDGE_LIMIT_MESSAGES = {
  full: (allowance: string, max: number) =>
    `${allowance} holds at most ${count(max)} knowledge entries, and yours has them all. Delete entries you no longer need, or choose a larger plan in Billing.`,
  text: (allowance: string, max: number) => `${allowance} allows at most ${count(max)} characters of text in one entry. Shorten it, or split it in two.`,
  /** An import's end when the knowledge filled up: the pages after it are left. */
  importStopped: (max: number) =>
    `The import stopped at your plan's limit of ${count(max)} knowledge entries: the pages listed below were not imported. Delete entries you no longer need, or choose a larger plan in Billing, then import again.`,
  /** The reason beside a page left out, or cut short, when the knowledge filled up. */
  pageLeft: (max: number) => `not imported: your knowledge holds its limit of ${count(max)} entries`,
  pageCut: (imported: number, found: number, max: number) =>
    `${imported} of ${found} sections imported: your knowledge holds its limit of ${count(max)} entries`,
} as const;

/** Under the count on the Knowledge page once the limit is reached. */
export const KNOWLEDGE_FULL_HINT = "Your knowledge is full. Delete entries you no longer need, or choose a larger plan to add more.";

/** "12 of 200 entries", as the Knowledge page shows it. */
export const knowledgeCount = (usage: Pick<KnowledgeUsage, "entries" | "max_entries">) =>
  `${count(usage.entries)} of ${count(usage.max_entries)} ${usage.max_entries === 1 ? "entry" : "entries"}`;

/** "Up to 10,000 characters of text in each", beside the count. */
export const knowledgeEntryChars = (usage: Pick<KnowledgeUsage, "max_entry_chars">) => `up to ${count(usage.max_entry_chars)} characters of text in each`;
