/** A call's owner notes (issue 56 §3) as stored in calls.owner_notes: a JSON list of {id, text, at, by}; anything else reads as none. */
import type { OwnerNote } from "@nikki/core";

const isNote = (value: unknown): value is OwnerNote =>
  typeof value === "object" && value !== null && ["id", "text", "at", "by"].every((key) => typeof (value as Record<string, unknown>)[key] === "string");

export function ownerNotesOf(text: string | null): OwnerNote[] {
  try {
    const value = JSON.parse(text ?? "[]") as unknown;
    return Array.isArray(value) ? value.filter(isNote) : [];
  } catch {
    return [];
  }
}
