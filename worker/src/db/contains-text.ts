import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * Whether a column's text contains `text`, ASCII letters in any case (as LIKE compares them), `%` and `_` as
 * themselves. Not LIKE: D1 refuses a LIKE pattern over 50 bytes ("LIKE or GLOB pattern too complex"), which a
 * searched word of 49 characters between its two `%` already is; `instr` has no such limit. A null column contains
 * nothing.
 */
export const containsText = (column: SQLWrapper, text: string): SQL => sql`instr(lower(${column}), lower(${text})) > 0`;
