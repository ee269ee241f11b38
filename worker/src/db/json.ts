/** A JSON list of strings stored in a text column; anything else reads as an empty list. */
export function jsonList(text: string | null | undefined): string[] {
  try {
    const value = JSON.parse(text ?? "[]") as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
