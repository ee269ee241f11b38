/**
 * What an organization's agents know (issue 39): entries typed by the owner, imported from the business's website or
 * written as the answer to a question callers asked; the website imports; and the questions nobody could answer.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, updatedAt } from "./columns";
import { organizations } from "./accounts";
import { agents } from "./organization";

/** One question-and-answer pair ("qa": question, answer) or free-text section ("section": title, body). */
export const knowledgeEntries = sqliteTable(
  "knowledge_entries",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["qa", "section"] }).notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull().default(""),
    question: text("question").notNull().default(""),
    answer: text("answer").notNull().default(""),
    source: text("source", { enum: ["typed", "website", "question"] }).notNull(),
    sourceUrl: text("source_url"),
    /** The imported page's title: searched with the section (a "Pricing" page's sections answer "how much"). */
    pageTitle: text("page_title"),
    /** JSON list of agent ids the entry serves; empty: every agent. */
    agentIds: text("agent_ids").notNull().default("[]"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** The owner changed an imported entry: a re-import keeps it as it is. */
    edited: integer("edited", { mode: "boolean" }).notNull().default(false),
    /** The agent whose knowledge box this section is (agents API `knowledge_base`); null for every other entry. */
    boxOfAgentId: text("box_of_agent_id").references(() => agents.id, { onDelete: "cascade" }),
    /** SHA-256 of the imported page text the entry was made from: a re-import refreshes only changed pages. */
    contentHash: text("content_hash"),
    importId: text("import_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("knowledge_entries_org_updated_idx").on(t.organizationId, t.updatedAt),
    index("knowledge_entries_org_source_url_idx").on(t.organizationId, t.sourceUrl),
    uniqueIndex("knowledge_entries_box_idx").on(t.boxOfAgentId),
  ],
);

/** One website import: queued → running → done or failed, with its progress and the pages that failed. */
export const knowledgeImports = sqliteTable(
  "knowledge_imports",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    pagesTotal: integer("pages_total").notNull().default(0),
    pagesDone: integer("pages_done").notNull().default(0),
    /** JSON list of {url, reason}. */
    failures: text("failures").notNull().default("[]"),
    /** JSON list of the page URLs the owner picked; null: every page found. */
    pages: text("pages"),
    /** Why the whole import failed (a root that redirects names the address to use instead), or why a done one stopped early (the knowledge full). */
    error: text("error"),
    /** The pages read so far, by what they did to the knowledge: first imported, text changed, text the same. */
    pagesNew: integer("pages_new").notNull().default(0),
    pagesChanged: integer("pages_changed").notNull().default(0),
    pagesUnchanged: integer("pages_unchanged").notNull().default(0),
    /** Sections this import wrote as new entries (a changed page's replaced ones included; unchanged pages add none). */
    sectionsAdded: integer("sections_added").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("knowledge_imports_org_created_idx").on(t.organizationId, t.createdAt)],
);

/** A question callers asked that no knowledge answered; the same normalized text from several calls is one question. */
export const knowledgeQuestions = sqliteTable(
  "knowledge_questions",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    /** Lower case, no punctuation, no stop words: the grouping key. */
    normalized: text("normalized").notNull(),
    count: integer("count").notNull().default(1),
    /** JSON list of the ids of the calls (and chats) that asked it. */
    callIds: text("call_ids").notNull().default("[]"),
    suggestedAnswer: text("suggested_answer"),
    status: text("status", { enum: ["open", "answered", "dismissed"] })
      .notNull()
      .default("open"),
    answerEntryId: text("answer_entry_id").references(() => knowledgeEntries.id, { onDelete: "set null" }),
    /** When the morning digest listed it, so it is listed once. */
    digestedAt: integer("digested_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("knowledge_questions_org_normalized_idx").on(t.organizationId, t.normalized),
    index("knowledge_questions_org_status_updated_idx").on(t.organizationId, t.status, t.updatedAt),
  ],
);
