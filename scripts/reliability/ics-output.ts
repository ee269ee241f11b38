/**
 * Item 23: hostile names and notes do not break the calendar feed. A business books 200 appointments through the API
 * with names and notes from simulators/hostile-strings.ts and worse (control characters, bare CRs, CRLF followed by a
 * property, an event ended and another begun, long lines); the API refuses control characters where they enter
 * (400) and keeps the rest. Its feed (`GET /api/calendar/{token}.ics`) is then read line by line as a strict
 * subscriber would (ics-lines.ts). Prints `appointments=200 created= refused= control_chars=0 injected_properties=0`,
 * with `notes_with_breaks=` (bookings kept with line breaks in their notes, each a CRLF injection the feed must
 * escape), `intact=` (events whose summary and notes read back exactly as stored) and `long_lines=0`.
 */
import { type AppointmentResource, plainText } from "@nikki/core";
import { HOSTILE_STRINGS } from "@nikki/simulators/hostile-strings";
import { AROUND_THE_CLOCK, freeStarts, ownerApi, ownerRequest } from "./business";
import { type ReliabilityItem, outcome, signUpOwner } from "./context";
import { readFeed, unescapeText } from "./ics-lines";

const APPOINTMENTS = 200;

/** Line breaks and control characters where a feed's lines and properties are made. */
const BREAKS_AND_CONTROLS = [
  "x\r\nATTENDEE:mailto:evil@example.com",
  "x\nATTENDEE:evil",
  "x\rATTENDEE:evil",
  "x\r\n ATTENDEE:folded in",
  "x\r\r\nATTENDEE:evil",
  "x\n\rATTENDEE:evil",
  "x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:evil",
  "x\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM",
  "x\r\nEND:VCALENDAR",
  "x\\nDESCRIPTION:evil",
  "x;ROLE=CHAIR:mailto:evil@example.com",
  "x:evil,another\\,one;",
  "NUL\u0000here",
  "bell\u0007",
  "escape\u001b[31mred",
  "back\bspace",
  "form\ffeed",
  "vertical\vtab",
  "tab\there",
  "DEL\u007f",
  "NEL\u0085next line",
  "C1\u009b31m",
  "line\u2028separator",
  "paragraph\u2029separator",
  "\r\n\r\nDESCRIPTION:blank lines first",
];

/** Lines far past 75 octets, of one-, two-, three- and four-octet characters, at the fields' length limits. */
const LONG_LINES = [
  "x".repeat(100),
  "word, ".repeat(83),
  "é".repeat(500),
  "日本語".repeat(166),
  "🙂".repeat(250),
  `${"a".repeat(74)}🙂${"b".repeat(20)}`,
  `${"\\;,".repeat(160)}`,
];

const NOTES = [...BREAKS_AND_CONTROLS, ...LONG_LINES];
const HOSTILE = [...HOSTILE_STRINGS, ...NOTES];
/** Hostile names short enough for the name rule (at most 100 characters): the second hundred's, so each note is tried under a name that is kept. */
const SHORT_NAMES = HOSTILE_STRINGS.filter((text) => text.length <= 100);

/** The first hundred mix names and notes from all of them; the second tries every note under a name that may pass. */
const attempt = (index: number) =>
  index < APPOINTMENTS / 2
    ? { name: HOSTILE[index % HOSTILE.length]!, notes: HOSTILE[(index * 7 + 3) % HOSTILE.length]! }
    : { name: SHORT_NAMES[index % SHORT_NAMES.length]!, notes: NOTES[index % NOTES.length]! };

export const icsOutput: ReliabilityItem = {
  number: "23",
  name: "ics_output",
  server: true,
  async run(context) {
    const owner = await signUpOwner(context.base, "Hostile Names Plumbing");
    const send = ownerApi(context.base, owner.cookie);
    const request = ownerRequest(context.base, owner.cookie);
    await send("/api/agents", { name: "Rosa", status: "active", business_hours_tz: "America/New_York", hours_json: AROUND_THE_CLOCK });
    // A 30-minute step: the availability API's first 500 times then reach far enough for 200 bookings that do not overlap.
    await send("/api/org/settings", { booking_slot_step_minutes: 30 }, "PATCH");
    const { services } = await send<{ services: { id: string }[] }>("/api/services");
    const nextStart = await freeStarts(send, services[0]!.id);

    const failures: string[] = [];
    const created: AppointmentResource[] = [];
    const answers = new Map<string, number>();
    let start = nextStart();
    for (let index = 0; index < APPOINTMENTS; index++) {
      const body = { service_id: services[0]!.id, start, phone: "+14155550100", ...attempt(index) };
      const response = await request("/api/appointments", body);
      const answer = (await response.json()) as { appointment?: AppointmentResource; error?: { code: string } };
      const key = response.status === 201 ? "201" : `${response.status} ${answer.error?.code}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
      if (response.status === 201 && answer.appointment) {
        created.push(answer.appointment);
        start = nextStart();
      }
    }
    const unexpected = [...answers].filter(([key]) => key !== "201" && key !== "400 validation_failed");
    if (unexpected.length) failures.push(`the API answered ${unexpected.map(([key, count]) => `${key} ×${count}`).join(", ")}`);

    const { settings } = await send<{ settings: { calendar_feed_url: string | null } }>("/api/org/settings");
    if (!settings.calendar_feed_url) throw new Error("the business has no calendar feed link");
    const feedResponse = await fetch(`${context.base}${new URL(settings.calendar_feed_url).pathname}`);
    if (feedResponse.status !== 200) throw new Error(`the calendar feed answered ${feedResponse.status}`);
    const reading = readFeed(await feedResponse.text());

    // Read back: each booking's event, its summary and notes as they were stored (the feed's plain text of them).
    const byUid = new Map(reading.events.map((event) => [event.properties.get("UID")?.split("@")[0], event]));
    const intact = created.filter((appointment) => {
      const event = byUid.get(appointment.id);
      const summary = unescapeText(event?.properties.get("SUMMARY") ?? "");
      const description = unescapeText(event?.properties.get("DESCRIPTION") ?? "");
      return (
        summary === `${appointment.service_name}: ${appointment.name}` &&
        (!appointment.notes || description.includes(`Notes: ${plainText(appointment.notes)}\n`))
      );
    }).length;

    if (reading.controlChars) failures.push(`${reading.controlChars} control characters in the feed`);
    if (reading.injectedProperties) failures.push(`${reading.injectedProperties} lines of the feed are not its own properties`);
    if (reading.longLines) failures.push(`${reading.longLines} lines over 75 octets`);
    if (reading.unclosed) failures.push("the feed does not end with END:VCALENDAR");
    if (reading.events.length !== created.length) failures.push(`${reading.events.length} events for ${created.length} bookings`);
    if (intact !== created.length) failures.push(`${created.length - intact} bookings' names or notes do not read back as stored`);
    if (created.length === 0 || created.length === APPOINTMENTS)
      failures.push(`${created.length} of ${APPOINTMENTS} created: the inputs no longer test both sides`);
    return outcome(
      {
        appointments: APPOINTMENTS,
        created: created.length,
        refused: APPOINTMENTS - created.length,
        notes_with_breaks: created.filter((appointment) => /[\r\n]/.test(appointment.notes ?? "")).length,
        events: reading.events.length,
        intact,
        control_chars: reading.controlChars,
        injected_properties: reading.injectedProperties,
        long_lines: reading.longLines,
      },
      failures,
    );
  },
};
