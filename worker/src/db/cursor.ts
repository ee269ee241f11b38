import { decodePageMarker, encodePageMarker } from "@nikki/core";
import { type SQL, and, eq, gt, lt, or } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** A page marker for lists newest first (core's page-marker.ts): the last row's created_at and id. */
export const encodeCursor = (row: { createdAt: Date; id: string }) => encodePageMarker(row.createdAt.getTime(), row.id);

/**
 * The rows after a page marker (older, or as old with a smaller id). The marker was checked at the edge (the list's
 * query schema); one that does not decode selects nothing rather than everything.
 */
export function afterCursor(cursor: string, columns: { createdAt: SQLiteColumn; id: SQLiteColumn }): SQL | undefined {
  const position = decodePageMarker(cursor);
  if (!position) return lt(columns.createdAt, new Date(0));
  const when = new Date(position.createdAtMs);
  return or(lt(columns.createdAt, when), and(eq(columns.createdAt, when), lt(columns.id, position.id)));
}

/** The marker of the one list soonest first (the appointments agenda): the last row's start and id. */
export const encodeAscendingCursor = (row: { startAt: Date; id: string }) => encodePageMarker(row.startAt.getTime(), row.id);

/** The rows after an ascending marker (later, or as late with a greater id); one that does not decode selects nothing. */
export function afterAscendingCursor(cursor: string, columns: { startAt: SQLiteColumn; id: SQLiteColumn }): SQL | undefined {
  const position = decodePageMarker(cursor);
  if (!position) return gt(columns.startAt, new Date(8.64e15));
  const when = new Date(position.createdAtMs);
  return or(gt(columns.startAt, when), and(eq(columns.startAt, when), gt(columns.id, position.id)));
}
