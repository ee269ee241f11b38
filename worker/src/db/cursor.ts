import { type SQL, and, eq, lt, or } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { ApiError } from "../http/api-error";

/** A page marker for lists newest first: the last row's created_at and id, base64url. */
export const encodeCursor = (row: { createdAt: Date; id: string }) => btoa(`${row.createdAt.getTime()}|${row.id}`).replace(/\+/g, "-").replace(/\//g, "_");

/** The rows after a page marker (older, or as old with a smaller id); a marker that does not parse is a field error. */
export function afterCursor(cursor: string, columns: { createdAt: SQLiteColumn; id: SQLiteColumn }): SQL | undefined {
  const [at, id] = (() => {
    try {
      return atob(cursor.replace(/-/g, "+").replace(/_/g, "/")).split("|");
    } catch {
      return [];
    }
  })();
  if (!at || !id || !/^\d+$/.test(at)) throw new ApiError("validation_failed", { fields: { cursor: "That page marker is not valid: load the list again." } });
  const when = new Date(Number(at));
  return or(lt(columns.createdAt, when), and(eq(columns.createdAt, when), lt(columns.id, id)));
}
