/**
 * A list of rows read as one column of another query (a scalar subquery that builds a JSON array), so a read that
 * needs a row and its lists is one statement, not one per table: each statement is a round trip to the database.
 */
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

type Columns = Record<string, SQLiteColumn>;

/** The rows of these columns as they come back from `rowsOfJson`: each column's own type (a Date for a timestamp). */
export type JsonRow<C extends Columns> = { [K in keyof C]: C[K]["_"]["data"] | (C[K]["_"]["notNull"] extends true ? never : null) };

/** `(select json_group_array(…) from (select json_object(…) from table where … order by …))`, in that order. */
export function jsonRows(columns: Columns, from: SQLiteTable, where: SQL, orderBy: SQL): SQL<string> {
  const object = sql.join(
    Object.values(columns).map((column) => sql`${sql.raw(`'${column.name}'`)}, ${column}`),
    sql`, `,
  );
  return sql<string>`(select json_group_array(json("r")) from (select json_object(${object}) as "r" from ${from} where ${where} order by ${orderBy}))`;
}

/** The rows `jsonRows` read, each value as its column maps it from the database. */
export function rowsOfJson<C extends Columns>(columns: C, json: string | null): JsonRow<C>[] {
  const entries = Object.entries(columns);
  return (JSON.parse(json ?? "[]") as Record<string, unknown>[]).map(
    (raw) =>
      Object.fromEntries(
        entries.map(([key, column]) => {
          const value = raw[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as JsonRow<C>,
  );
}
