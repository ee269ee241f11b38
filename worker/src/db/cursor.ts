import { type SQL, and, eq, gt, lt, or } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { ApiError } from "../http/api-error";

/** A page marker: the last row's sort time and id, base64url. */
const encode = (at: Date, id: string) => btoa(`${at.getTime()}|${id}`).replace(/\+/g, "-").replace(/\//g, "_");

function decode(cursor: string): { at: Date; id: string } {
  const [at, id] = (() => {
    try {
      return atob(cursor.replace(/-/g, "+").replace(/_/g, "/")).split("|");
    } catch {
      return [];
    }
  })();
  if (!at || !id || !/^\d+$/.test(at)) throw new ApiError("validation_failed", { fields: { cursor: "That page marker is not valid: load the list again." } });
  return { at: new Date(Number(at)), id };
}

/** The marker of lists newest first (calls, leads): the last row's created_at and id. */
export const encodeCursor = (row: { createdAt: Date; id: string }) => encode(row.createdAt, row.id);

/** The rows after a page marker (older, or as old with a smaller id); a marker that does not parse is a field error. */
export function afterCursor(cursor: string, columns: { createdAt: SQLiteColumn; id: SQLiteColumn }): SQL | undefined {
  const { at, id } = decode(cursor);
  return or(lt(columns.createdAt, at), and(eq(columns.createdAt, at), lt(columns.id, id)));
}

/** The marker of the one list soonest first (the appointments agenda): the last row's start and id. */
export const encodeAscendingCursor = (row: { startAt: Date; id: string }) => encode(row.startAt, row.id);

/** The rows after an ascending marker (later, or as late with a greater id). */
export function afterAscendingCursor(cursor: string, columns: { startAt: SQLiteColumn; id: SQLiteColumn }): SQL | undefined {
  const { at, id } = decode(cursor);
  return or(gt(columns.startAt, at), and(eq(columns.startAt, at), gt(columns.id, id)));
}
