/** Export and closing of an organization (Settings › Organization data): the owner's data rights. */
export const CLOSE_MESSAGES = {
  confirm: (name: string) => `Type the organization's name, ${name}, exactly to confirm.`,
  numberRelease: (number: string) => `We could not release ${number} just now, so nothing was deleted. Please try again.`,
  subscription: "We could not cancel the subscription at Stripe, so nothing was deleted. Please try again.",
  billingMissing: "Billing is not configured on this server, so the subscription cannot be cancelled. Nothing was deleted.",
  closed: "Organization closed",
} as const;

/** What closing did, as the owner is told. */
export interface CloseReport {
  subscription_cancelled: boolean;
  numbers_released: number;
  members_signed_out: number;
}

/** The columns of calls.csv in the export, in order. */
export const EXPORT_CALL_COLUMNS = [
  "id",
  "created_at",
  "direction",
  "from_number",
  "to_number",
  "agent_id",
  "status",
  "duration_seconds",
  "after_hours",
  "kind",
  "sentiment",
  "summary",
  "transcript",
  /** The times the call booked, in the business's time zone, the zone named. */
  "appointment",
] as const;

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is neutralised (spreadsheet formulas). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvOf(columns: readonly string[], rows: Record<string, unknown>[]): string {
  return [columns.join(","), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(","))].join("\r\n") + "\r\n";
}
