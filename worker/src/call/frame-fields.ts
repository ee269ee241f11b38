/** Reading the bridge's socket frames field by field (protocol.ts): a socket can carry anything. */
type Json = Record<string, unknown>;

/** Parses a socket frame; anything that is not a JSON object with a string type/event is null and ignored. */
export function parseFrame(raw: unknown, key: "event" | "type"): Json | null {
  if (typeof raw !== "string") return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === "object" && value !== null && typeof (value as Json)[key] === "string" ? (value as Json) : null;
  } catch {
    return null;
  }
}

export const str = (value: unknown) => (typeof value === "string" ? value : undefined);
export const obj = (value: unknown) => (typeof value === "object" && value !== null ? (value as Json) : undefined);
export const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
