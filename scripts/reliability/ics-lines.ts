/**
 * Item 23's reader of the calendar feed, as a strict subscriber would read it (RFC 5545): every line break (CRLF, bare
 * CR, bare LF) ends a line, as many readers take it; lines starting with a space or tab continue the one before
 * (unfolding, §3.1). It counts what a hostile name or note could have smuggled in: control characters, line breaks that
 * are not CRLF, physical lines over 75 octets, and content lines that are not the feed's own properties in their place.
 */

/** The calendar's own properties, and each event's: what worker/src/appointments/ics.ts writes, each once. */
const CALENDAR = new Set(["VERSION", "PRODID", "CALSCALE", "METHOD", "X-WR-CALNAME", "X-WR-TIMEZONE", "REFRESH-INTERVAL", "X-PUBLISHED-TTL"]);
const EVENT = new Set(["UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "SEQUENCE", "DTSTART", "DTEND", "SUMMARY", "DESCRIPTION", "STATUS", "TRANSP"]);
const PARENT: Record<string, string | null> = { VCALENDAR: null, VEVENT: "VCALENDAR" };

/** C0 controls but HTAB, DEL, C1 controls, and the Unicode line and paragraph separators. */
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029]/g;
const NOT_CRLF = /\r(?!\n)|(?<!\r)\n/g;
const CONTENT_LINE = /^([A-Za-z0-9-]+)[;:]/;

export interface FeedEvent {
  /** Each property's value as written (unfolded, still escaped), by name. */
  properties: Map<string, string>;
}

export interface FeedReading {
  events: FeedEvent[];
  /** Control characters in the feed, a line break other than CRLF counted as one. */
  controlChars: number;
  /**
   * Content lines that are not the feed's own: an unknown property, one repeated, a component out of place, no property
   * at all; and each event that does not have all its properties once (one split in two by an END and BEGIN).
   */
  injectedProperties: number;
  /** Physical lines over 75 octets (§3.1 folds them). */
  longLines: number;
  /** The feed does not end with END:VCALENDAR closing everything it opened. */
  unclosed: boolean;
}

const encoder = new TextEncoder();

/** TEXT as written (§3.3.11) back to what it says: `\n`, `\;`, `\,`, `\\`. */
export const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === "n" || char === "N" ? "\n" : char));

export function readFeed(feed: string): FeedReading {
  const physical = feed.replace(/\r\n$/, "").split(/\r\n|\r|\n/);
  const tabs = physical.reduce((count, line) => count + (line.slice(1).match(/\t/g)?.length ?? 0), 0);
  const controlChars = (feed.match(NOT_CRLF)?.length ?? 0) + physical.reduce((count, line) => count + (line.match(CONTROL)?.length ?? 0), 0) + tabs;
  const longLines = physical.filter((line) => encoder.encode(line).length > 75).length;
  const lines: string[] = [];
  for (const line of physical) {
    if ((line.startsWith(" ") || line.startsWith("\t")) && lines.length > 0) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }

  const events: FeedEvent[] = [];
  const open: { name: string; seen: Map<string, string> }[] = [];
  let injectedProperties = 0;
  let ended = false;
  for (const line of lines) {
    const name = CONTENT_LINE.exec(line)?.[1]?.toUpperCase();
    const value = name ? line.slice(line.indexOf(":") + 1) : "";
    const current = open.at(-1);
    if (!name || ended) injectedProperties++;
    else if (name === "BEGIN") {
      if (!(value in PARENT) || PARENT[value] !== (current?.name ?? null)) injectedProperties++;
      open.push({ name: value, seen: new Map() });
    } else if (name === "END") {
      if (current?.name !== value) injectedProperties++;
      else {
        open.pop();
        // An event cut short or begun by a break in a value lacks some of its properties.
        if (value === "VEVENT" && current.seen.size !== EVENT.size) injectedProperties++;
        if (value === "VEVENT") events.push({ properties: current.seen });
        ended = open.length === 0;
      }
    } else {
      const allowed = current?.name === "VCALENDAR" ? CALENDAR : current?.name === "VEVENT" ? EVENT : new Set<string>();
      if (!allowed.has(name) || current!.seen.has(name)) injectedProperties++;
      else current!.seen.set(name, value);
    }
  }
  return { events, controlChars, injectedProperties, longLines, unclosed: !ended };
}
