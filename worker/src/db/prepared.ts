/**
 * Queries built once per database and run with placeholders (`sql.placeholder`). Building a query's SQL text is
 * most of what drizzle allocates: on a call's hot path (the voice webhook, the status callback, the analysis) that
 * garbage was a third of everything the worker allocated while calls streamed, and its collections paused the frames.
 *
 * A prepared query computes `$defaultFn` and `$onUpdateFn` values once, when it is built: every such column (an `id`,
 * an `updated_at`) must be given as a placeholder.
 */
import { type Placeholder, sql } from "drizzle-orm";
import type { Database } from "./client";

export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** `{key: sql.placeholder(key)}` for each key: a prepared insert's values, typed as the values they stand for. */
export function placeholders<Key extends string>(...keys: Key[]): Record<Key, never> {
  return Object.fromEntries(keys.map((key): [Key, Placeholder<Key>] => [key, sql.placeholder(key)])) as unknown as Record<Key, never>;
}
