/**
 * PII redaction (spec 001 §9): in transcript text, e-mail addresses, phone numbers and runs of two or more capitalised
 * words (names, in any Latin script: Lucía Fernández, Łukasz Żółć) are replaced with markers. E-mails go first so
 * their digits are not read as phone numbers. Weekdays and months are not names ("Tuesday December 1" stays).
 */
export const PII_MARKERS = { email: "[EMAIL]", phone: "[PHONE]", name: "[NAME]" } as const;

const MARKER_VALUES: readonly string[] = Object.values(PII_MARKERS);
/** Whether a value is a marker whole: a detail stored redacted, which says nothing about the caller. */
export const isPiiMarker = (value: string): boolean => MARKER_VALUES.includes(value.trim());

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** 7 or more digits, optionally with a leading +, spaces, dots, dashes and parentheses between them. */
const PHONE = /[+(]?(?:\d[\s.()-]*){6,14}\d/g;
/** A capitalised word, allowing O'Neil and Mary-Jane, in any script with case. */
const WORD = "\\p{Lu}(?:\\p{Ll}+|'\\p{Lu}\\p{Ll}+)(?:-\\p{Lu}\\p{Ll}+)*";
const NAMES = new RegExp(`(?<![\\p{L}\\p{N}])${WORD}(?: ${WORD})+(?![\\p{L}\\p{N}])`, "gu");

const CALENDAR = new Set(
  [
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december",
    "lunes martes miércoles jueves viernes sábado domingo enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
  ]
    .join(" ")
    .split(" "),
);

/** Within a run of capitalised words, the stretches of two or more that are not weekdays or months are names. */
function maskNames(run: string): string {
  const out: string[] = [];
  let stretch: string[] = [];
  const flush = () => {
    if (stretch.length >= 2) out.push(PII_MARKERS.name);
    else out.push(...stretch);
    stretch = [];
  };
  for (const word of run.split(" ")) {
    if (CALENDAR.has(word.toLowerCase())) {
      flush();
      out.push(word);
    } else stretch.push(word);
  }
  flush();
  return out.join(" ");
}

/** A stand-in for a kept name while the rest is redacted: private-use characters no pattern above matches. */
const stand = (index: number) => `\uE000${"\uE001".repeat(index + 1)}\uE000`;

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each word of the caller's names on its own ("Thanks, Sam."): a first name alone is no run the NAMES pattern sees. */
function maskCallerNames(text: string, callerNames: readonly string[]): string {
  const words = [...new Set(callerNames.flatMap((name) => name.split(/\s+/)).filter((word) => /^\p{Lu}/u.test(word) && word.length >= 2))];
  if (words.length === 0) return text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escaped).join("|")})(?![\\p{L}\\p{N}])`, "gu");
  return text.replace(pattern, PII_MARKERS.name);
}

/**
 * The text with PII replaced by markers. `keep`: names that are not the caller's (the business's, its agent's), left
 * as they are wherever they appear, longest first. `callerNames`: the names the call's analysis heard the caller give,
 * masked word by word too.
 */
export function redactPii(text: string, keep: readonly string[] = [], callerNames: readonly string[] = []): string {
  return withKept(text, keep, (shielded) =>
    maskCallerNames(shielded.replace(EMAIL, PII_MARKERS.email).replace(PHONE, PII_MARKERS.phone).replace(NAMES, maskNames), callerNames),
  );
}

/** `redact` applied with the `keep` names shielded (longest first), then put back as they were. */
function withKept(text: string, keep: readonly string[], redact: (shielded: string) => string): string {
  const kept = [...new Set(keep.map((name) => name.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  const shielded = kept.reduce((out, name, index) => out.split(name).join(stand(index)), text);
  return kept.reduce((out, name, index) => out.split(stand(index)).join(name), redact(shielded));
}

/**
 * A caller's question as the inbox keeps it: their e-mail, numbers and the names they gave masked, but not every run of
 * capitalised words ("Do you serve West Salem?" names a town, not a person).
 */
export function redactCallerDetails(text: string, callerNames: readonly string[] = []): string {
  return maskCallerNames(text.replace(EMAIL, PII_MARKERS.email).replace(PHONE, PII_MARKERS.phone), callerNames);
}

/** A caller saying who they are: "this is Ada Lovelace", "I'm Sam", "me llamo Lucía Fernández". */
const INTRODUCED = new RegExp(`\\b(?:[Tt]his is|[Mm]y name is|I'm|I am|[Ii]t's|[Ss]oy|[Mm]e llamo)\\s+(${WORD}(?: ${WORD})*)`, "gu");

/**
 * The agent's words in a transcript: it says the business's facts ("We accept Delta Dental") and its own name, which are
 * nobody's PII, and back what the caller told it. So its e-mails and numbers are masked, and the caller's names (the
 * analysis's, and any the caller introduced themselves by in `callerSaid`, their own turns) word by word; not every
 * run of capitalised words. The business's own names (`keep`) stay whole.
 */
export function redactAgentWords(text: string, callerSaid: string, callerNames: readonly string[] = [], keep: readonly string[] = []): string {
  return agentWords(text, namesOfCaller(callerSaid, callerNames), keep);
}

/** The analysis's names for the caller, and any they introduced themselves by in their own words. */
const namesOfCaller = (callerSaid: string, callerNames: readonly string[]) => [
  ...callerNames,
  ...Array.from(callerSaid.matchAll(INTRODUCED), (match) => match[1]!),
];

const agentWords = (text: string, names: readonly string[], keep: readonly string[]) =>
  withKept(text, keep, (shielded) => redactCallerDetails(shielded, names));

/** A transcript redacted: the caller's turns as any record (redactPii), the agent's as its own words (redactAgentWords). */
export function redactTranscript<Entry extends { role: string; content: string }>(
  entries: readonly Entry[],
  keep: readonly string[] = [],
  callerNames: readonly string[] = [],
): Entry[] {
  const callerSaid = entries
    .filter((entry) => entry.role === "user")
    .map((entry) => entry.content)
    .join("\n");
  // Read once for the whole transcript, not again for each of the agent's turns.
  const names = namesOfCaller(callerSaid, callerNames);
  return entries.map((entry) => ({
    ...entry,
    content: entry.role === "assistant" ? agentWords(entry.content, names, keep) : redactPii(entry.content, keep, callerNames),
  }));
}

/** A drafted answer: the business's own words (its streets, towns, numbers) stay; only the caller's names are masked. */
export const redactCallerNames = (text: string, callerNames: readonly string[] = []): string => maskCallerNames(text, callerNames);
