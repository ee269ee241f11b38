/**
 * An organization's appointments as an iCalendar feed (RFC 5545) any calendar app can subscribe to: one VEVENT per
 * appointment, times in UTC, canceled ones marked CANCELLED so a subscribed calendar removes them. Text is escaped
 * (§3.3.11) with its control characters removed (a bare CR is a line end to many readers), and lines folded at 75
 * octets (§3.1); lines end in CRLF.
 */
import { plainText } from "@nikki/core";
import type { AppointmentRow } from "./store";

/** TEXT (§3.3.11): plain first (every line break one LF, control characters gone), then backslash, semicolon, comma and LF escaped. */
const escapeText = (value: string) => plainText(value).replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\n/g, "\\n");

const encoder = new TextEncoder();

/** Splits a content line into pieces of at most 75 octets, never inside a character; continuations start with a space. */
function fold(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const pieces: string[] = [];
  let piece = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (pieces.length === 0 ? 75 : 74)) {
      pieces.push(piece);
      piece = "";
      octets = 0;
    }
    piece += char;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join("\r\n ");
}

/** 20261201T200000Z */
const utc = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

function event(row: AppointmentRow, host: string): string[] {
  const description = [
    `Phone: ${row.phone}`,
    `Confirmation code: ${row.confirmationCode}`,
    row.notes ? `Notes: ${row.notes}` : "",
    `Booked by: ${row.source.replace("_", " ")}`,
  ]
    .filter(Boolean)
    .join("\n");
  return [
    "BEGIN:VEVENT",
    `UID:${row.id}@${host}`,
    `DTSTAMP:${utc(row.updatedAt)}`,
    `CREATED:${utc(row.createdAt)}`,
    `LAST-MODIFIED:${utc(row.updatedAt)}`,
    // Grows with every change, as a subscriber needs to take the newer copy.
    `SEQUENCE:${Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000))}`,
    `DTSTART:${utc(row.startAt)}`,
    `DTEND:${utc(row.endAt)}`,
    `SUMMARY:${escapeText(`${row.serviceName}: ${row.name}`)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `STATUS:${row.status === "canceled" ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
}

export function appointmentsCalendar(input: { name: string; timeZone: string; host: string; appointments: AppointmentRow[] }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Nikki AI//Appointments//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(`${input.name} appointments`)}`,
    `X-WR-TIMEZONE:${escapeText(input.timeZone)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT15M",
    "X-PUBLISHED-TTL:PT15M",
    ...input.appointments.flatMap((row) => event(row, input.host)),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
