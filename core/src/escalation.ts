/**
 * An agent's escalation rules (`escalation_json`, issue 37): the numbers a caller is transferred to, tried in turn;
 * the hours transfers are taken (the agent's time zone; null: any time); the words that make the agent offer one.
 * The older `{phone}` (or `number`, `transfer_to`) is still read, as `numbers: [phone]`.
 */
import { type OpeningHours, WEEKDAYS, isOpen } from "./hours";
import { hoursProblem } from "./hours-problem";
import type { AgentTool, Region } from "./constants";
import { parsePhone } from "./phone";

export interface Escalation {
  numbers: string[];
  transfer_hours: OpeningHours | null;
  keywords: string[];
}

/** The most numbers tried in turn, and keywords kept (each at most 40 characters). */
export const ESCALATION_LIMITS = { numbers: 5, keywords: 20, keywordLength: 40 } as const;

export const ESCALATION_MESSAGES = {
  numbers: `Write each transfer number as you dial it, like (720) 555-0123, or with its country code, like +44 20 7946 0958 (at most ${ESCALATION_LIMITS.numbers} numbers).`,
  keywords: `Keywords are words or short phrases (at most ${ESCALATION_LIMITS.keywords}, each at most ${ESCALATION_LIMITS.keywordLength} characters).`,
  /** The wizard's warnings: transfer numbers the agent cannot use, or the tool without a number (issue 54 §11). */
  toolOff: "“Transfer to a person” is off in the Profile step, so callers are never transferred to these numbers.",
  turnOn: "Turn it on",
  noNumbers: "“Transfer to a person” is on, but there is no transfer number: a caller who asks for a person is offered a message instead.",
  /** Said when the first transfer number typed turned the tool on (the owner meant it). */
  turnedOn: "“Transfer to a person” is now on in the Profile step, so a caller who asks for a person is transferred to these numbers.",
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const LEGACY_KEYS = ["phone", "number", "transfer_to"] as const;

const isSpanList = (spans: unknown) =>
  Array.isArray(spans) &&
  spans.every((span) => {
    const { open, close } = (span ?? {}) as { open?: unknown; close?: unknown };
    return typeof open === "string" && typeof close === "string" && TIME.test(open) && TIME.test(close) && open < close;
  });

/**
 * The first problem with an `escalation_json` object as a business writes it, or null when it is fine: its numbers are
 * read in the organization's default region, as every phone an owner types (savedEscalation stores them as E.164).
 */
export function escalationProblem(value: Record<string, unknown>, region: Region = "US"): string | null {
  const legacy = LEGACY_KEYS.map((key) => value[key]).filter((entry) => entry !== undefined && entry !== "");
  const numbers = value.numbers ?? [];
  if (!Array.isArray(numbers)) return ESCALATION_MESSAGES.numbers;
  // A row the form added and left empty is no number, and no problem.
  const given = numbers.filter((entry) => entry !== "");
  if (given.length > ESCALATION_LIMITS.numbers) return ESCALATION_MESSAGES.numbers;
  if (![...given, ...legacy].every((entry) => typeof entry === "string" && parsePhone(entry, region).ok)) return ESCALATION_MESSAGES.numbers;
  const hours = value.transfer_hours;
  const hoursWrong = hours === undefined || hours === null ? null : hoursProblem(hours, "transfer");
  if (hoursWrong) return hoursWrong;
  const keywords = value.keywords ?? [];
  const keywordOk = (entry: unknown) => typeof entry === "string" && entry.trim().length > 0 && entry.length <= ESCALATION_LIMITS.keywordLength;
  if (!Array.isArray(keywords) || keywords.length > ESCALATION_LIMITS.keywords || !keywords.every(keywordOk)) return ESCALATION_MESSAGES.keywords;
  return null;
}

/**
 * The rules as saved: each number as E.164, read in the organization's default region; a number row the form added and
 * left empty is dropped (it would come back as an empty row).
 */
export function savedEscalation(value: Record<string, unknown>, region: Region = "US"): Record<string, unknown> {
  const e164 = (entry: unknown) => {
    const phone = typeof entry === "string" ? parsePhone(entry, region) : null;
    return phone?.ok ? phone.e164 : entry;
  };
  const saved: Record<string, unknown> = { ...value };
  for (const key of LEGACY_KEYS) if (typeof saved[key] === "string" && saved[key] !== "") saved[key] = e164(saved[key]);
  if (Array.isArray(value.numbers)) saved.numbers = value.numbers.filter((entry) => entry !== "").map(e164);
  return saved;
}

/**
 * The rules as they are used: anything unreadable is left out (no numbers: no transfer), never a thrown error. Stored
 * numbers are E.164; a draft's (the wizard's Review) are read in the organization's region.
 */
export function readEscalation(value: unknown, region: Region = "US"): Escalation {
  const object = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const listed = Array.isArray(object.numbers) ? object.numbers : [];
  const legacy = LEGACY_KEYS.map((key) => object[key]);
  // Numbers written before the form (the older `{phone}`) may carry spaces or dashes: read as the widget reads a phone.
  const numbers = [
    ...new Set(
      [...listed, ...legacy].flatMap((entry) => {
        const phone = typeof entry === "string" ? parsePhone(entry, region) : null;
        return phone?.ok ? [phone.e164] : [];
      }),
    ),
  ];
  const hours = object.transfer_hours;
  let transferHours: OpeningHours | null = null;
  if (typeof hours === "object" && hours !== null && !Array.isArray(hours)) {
    transferHours = {};
    for (const day of WEEKDAYS) {
      const spans = (hours as Record<string, unknown>)[day];
      if (isSpanList(spans)) transferHours[day] = spans as { open: string; close: string }[];
    }
  }
  const keywords = Array.isArray(object.keywords)
    ? object.keywords.filter((entry): entry is string => typeof entry === "string" && entry.trim().length > 0).map((entry) => entry.trim())
    : [];
  return { numbers: numbers.slice(0, ESCALATION_LIMITS.numbers), transfer_hours: transferHours, keywords };
}

/** `escalation_json` as stored (a JSON string), read as rules. */
export function parseEscalation(json: string): Escalation {
  try {
    return readEscalation(JSON.parse(json) as unknown);
  } catch {
    return readEscalation(null);
  }
}

/** Whether transfers are taken at `now` in the agent's zone: always when no transfer hours are set. */
export function transfersOpen(escalation: Escalation, timeZone: string, now: Date): boolean {
  return escalation.transfer_hours === null || isOpen(escalation.transfer_hours, timeZone, now);
}

/**
 * An agent's tools once its escalation goes from `before` to `after` (both as written): the first transfer number given
 * while "Transfer to a person" is off turns it on, since whoever types one means callers to reach it. Numbers kept
 * while the tool is switched off again stay off (the wizard warns about them).
 */
export function toolsAfterEscalation(tools: readonly AgentTool[], before: unknown, after: unknown, region: Region = "US"): AgentTool[] {
  const firstNumber = readEscalation(before, region).numbers.length === 0 && readEscalation(after, region).numbers.length > 0;
  return firstNumber && !tools.includes("transfer_call") ? [...tools, "transfer_call"] : [...tools];
}
