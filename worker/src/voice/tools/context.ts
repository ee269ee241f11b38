import { normalizeWidgetPhone, plainText } from "@nikki/core";
import type { CallEffects } from "../../call-effects/call-effects";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import type { ToolOutput } from "../../call/plan";
import type { Providers, Services } from "../../services";
import type { ToolCall } from "../../rpc/call-session";

export type { ToolCall } from "../../rpc/call-session";

export interface ToolDeps {
  db: Database;
  /** The entry point's services (the booking tools read availability and calendars through them). */
  services: Services;
  /** The organization's provider accounts. */
  providers: Providers;
  log: Logger;
  /** The call's effects (texts, leads, bookings, a transfer): live, or the Test Suite's recorded ones. */
  effects: CallEffects;
}

export type { ToolOutput } from "../../call/plan";

export type ToolArgs = Record<string, unknown>;

/** One tool: what the model is told (description and JSON schema of its arguments) and what it does. */
export interface CallTool {
  description: string;
  parameters: { type: "object"; properties: Record<string, unknown>; required: string[] };
  run(args: ToolArgs, call: ToolCall, deps: ToolDeps): Promise<ToolOutput>;
}

/** A text argument of the model's, as plain text (control characters removed: it may reach a calendar feed or a CRM), trimmed. */
export const text = (args: ToolArgs, key: string) => (typeof args[key] === "string" ? plainText(args[key] as string).trim() : "");

export function parseArgs(raw: string): ToolArgs | null {
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as ToolArgs) : null;
  } catch {
    return null;
  }
}

/** A person's name as a caller gives it: letters, spaces, apostrophes, hyphens and periods, up to 100 characters. */
const NAME = /^\p{L}[\p{L}\p{M} .'’-]{0,99}$/u;

/**
 * Who the tool is for, checked as the tool's schema promises (the model's arguments are not trusted: a caller can
 * talk it into anything): a name that reads as one, and a phone number that is one (the caller's own when none is
 * given), as E.164.
 */
export function person(args: ToolArgs, call: ToolCall, purpose: string): { name: string; phone: string } | ToolOutput {
  const name = text(args, "name").trim();
  if (!NAME.test(name)) return { ok: false, error: `I need the caller's name and phone number to ${purpose}.` };
  const given = text(args, "phone");
  if (!given) return { name, phone: call.callerNumber };
  const phone = normalizeWidgetPhone(given);
  return phone.ok ? { name, phone: phone.e164 } : { ok: false, error: `That phone number is not valid. Ask the caller for it again to ${purpose}.` };
}

/** Who the caller is: what both booking and saving a lead need. */
export const CALLER_PROPERTIES = {
  name: { type: "string", description: "The caller's full name" },
  phone: { type: "string", description: "The caller's phone number" },
} as const;
