/**
 * The full-text index of knowledge entries (migrations/0029_knowledge_search.sql, remade with `page` by 0032: an FTS5 virtual table kept in sync by
 * triggers), declared for drizzle's query builder only. It is deliberately not in db/schema/: drizzle-kit cannot
 * express a virtual table, and would otherwise try to create it as an ordinary one.
 */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";

export const knowledgeSearch = sqliteTable("knowledge_search", {
  entryId: text("entry_id").notNull(),
  organizationId: text("organization_id").notNull(),
  /** A section's title, or a question-and-answer pair's question. */
  title: text("title").notNull(),
  /** A section's body, or a pair's answer. */
  content: text("content").notNull(),
  /** The imported page's title ("" for entries not from a page). */
  page: text("page").notNull(),
});
