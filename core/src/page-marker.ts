import * as z from "zod/mini";

/**
 * The page marker of lists newest first (`cursor` in, `next_cursor` out): the last row's created_at in epoch
 * milliseconds and its id. Checked at the edge like any field, so a bad one is a field error before any query.
 */
export const PAGE_MARKER = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/;
export const PAGE_MARKER_MESSAGE = "That page marker is not valid: load the list again.";

export const pageMarkerSchema = z.optional(z.string(PAGE_MARKER_MESSAGE).check(z.regex(PAGE_MARKER, PAGE_MARKER_MESSAGE)));

export const encodePageMarker = (createdAtMs: number, id: string): string => `${createdAtMs}.${id}`;

export function decodePageMarker(marker: string): { createdAtMs: number; id: string } | null {
  const match = PAGE_MARKER.exec(marker);
  return match ? { createdAtMs: Number(match[1]), id: match[2]! } : null;
}
