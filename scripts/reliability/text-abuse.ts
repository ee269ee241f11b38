/**
 * Item 20: the messaging gate (worker/src/messaging/send-text.ts) holds against a business texting too much. A freshly
 * signed-up business on its trial (30 texts an hour by default) tries 100 texts to numbers it may text, through every
 * path that sends one (text-paths.ts), and 20 to countries it may not (Cuba +53, the international networks +882),
 * in rounds that mix the paths. Every figure is counted from what happened: the gate's record (`text_messages`), what
 * the Twilio simulator received from the business's number, and what each path answered, which must agree with the
 * record. Prints `attempts=120 sent=30 refused_rate=70 refused_destination=20 reached_simulator=30`.
 */
import { AROUND_THE_CLOCK, freeStarts, ownedBusiness } from "./business";
import { type Context, type ReliabilityItem, outcome } from "./context";
import { type Journey, type Shop, type TextPath, TEXT_PATHS, appointmentJourney, callerJourney } from "./text-paths";

const HOURLY_LIMIT = 30;
const ROUNDS = 4;
/** Allowed: 16 appointments × 4 texts + 12 callers × 3 = 100. Refused destinations: 2 × 4 + 4 × 3 = 20. */
const APPOINTMENTS = 16;
const CALLERS = 12;
const REFUSED_APPOINTMENTS = ["+5351234567", "+882130000001"];
const REFUSED_CALLERS = ["+5351234568", "+5351234569", "+882130000002", "+882130000003"];
const TEXTS_A_BOOKING = 4;
const TEXTS_A_CALLER = 3;
const ALLOWED = APPOINTMENTS * TEXTS_A_BOOKING + CALLERS * TEXTS_A_CALLER;
const REFUSED = REFUSED_APPOINTMENTS.length * TEXTS_A_BOOKING + REFUSED_CALLERS.length * TEXTS_A_CALLER;
/** The longest the item has taken, with room: it starts in a clock hour it will not leave (the limit's window). */
const RUN_AT_MOST_MS = 2 * 60_000;
const allowedAppointment = (index: number) => `+1415556${1000 + index}`;
const allowedCaller = (index: number) => `+1415553${1000 + index}`;

interface TextRow {
  to_number: string;
  call_id: string | null;
  purpose: string;
  status: string;
  code: string | null;
}

const CALL_PATHS: Record<string, TextPath> = { call_tool: "call_send_sms", call_follow_up: "call_follow_up", call_detail: "calls_sms" };
const codeOf = (row: TextRow) => (row.status === "sent" ? "sent" : (row.code ?? row.status));

/** Waits for the next clock hour when this one ends before the item would: 30 more texts would be allowed there. */
async function hourWindowAhead() {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < RUN_AT_MOST_MS) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

/** The journeys of one round: its share of the appointments (one after another) beside its callers (at once). */
async function round(shop: Shop, index: number): Promise<Journey[]> {
  const mine = <T>(list: T[]) => list.filter((_, at) => at % ROUNDS === index);
  const appointments = [...mine(Array.from({ length: APPOINTMENTS }, (_, at) => allowedAppointment(at))), ...mine(REFUSED_APPOINTMENTS)];
  const callers = [...mine(Array.from({ length: CALLERS }, (_, at) => allowedCaller(at))), ...mine(REFUSED_CALLERS)];
  const calls = Promise.all(callers.map((phone, at) => callerJourney(shop, phone, 20_000 + index * 100 + at)));
  const booked: Journey[] = [];
  for (const [at, phone] of appointments.entries()) booked.push(await appointmentJourney(shop, phone, at % 2 ? "page" : "api"));
  return [...booked, ...(await calls)];
}

/** Each journey's texts as the gate recorded them, in order: by the number texted (appointments) or by the call. */
function recordedSteps(journey: Journey, rows: TextRow[]): { path: TextPath; code: string }[] {
  if (journey.callId) return rows.filter((row) => row.call_id === journey.callId).map((row) => ({ path: CALL_PATHS[row.purpose]!, code: codeOf(row) }));
  const mine = rows.filter((row) => row.purpose === "appointment" && row.to_number === journey.phone);
  return mine.map((row, at) => ({ path: journey.steps[at]?.path ?? "appointments_post", code: codeOf(row) }));
}

async function settledTexts(context: Context, organizationId: string, expected: number): Promise<TextRow[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { results } = await context.db
      .prepare("select to_number, call_id, purpose, status, code from text_messages where organization_id = ? order by created_at, rowid")
      .bind(organizationId)
      .all<TextRow>();
    if (results.length >= expected || Date.now() > deadline) return results;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export const textAbuse: ReliabilityItem = {
  number: "20",
  name: "text_abuse",
  server: true,
  async run(context) {
    await hourWindowAhead();
    const business = await ownedBusiness(context, "Texting Too Much Plumbing", {
      agent: { name: "Rosa", status: "active", business_hours_tz: "America/New_York", hours_json: AROUND_THE_CLOCK, tools: ["send_sms"] },
      settings: { post_call_sms: true },
    });
    const { services } = await business.send<{ services: { id: string }[] }>("/api/services");
    const serviceId = services[0]!.id;
    const starts = await freeStarts(business.send, serviceId);
    const shop: Shop = { context, business, serviceId, nextStart: starts };
    const hour = Math.floor(Date.now() / 3_600_000);

    const journeys: Journey[] = [];
    for (let index = 0; index < ROUNDS; index++) journeys.push(...(await round(shop, index)));
    const failures = journeys.flatMap((journey) => journey.problems);
    const expected = journeys.reduce((sum, journey) => sum + journey.steps.length, 0);
    const rows = await settledTexts(context, business.organizationId, expected);

    const refusedNumbers = new Set([...REFUSED_APPOINTMENTS, ...REFUSED_CALLERS]);
    const requests = (await (await fetch(`${context.simulators.vars.TWILIO_API_BASE}/__requests`)).json()) as { path: string; form: Record<string, string> }[];
    const reached = requests.filter((request) => request.path.endsWith("/Messages.json") && request.form.From === business.number);
    const leaked = reached.filter((request) => refusedNumbers.has(request.form.To ?? ""));

    const count = (test: (row: TextRow) => boolean) => rows.filter(test).length;
    const sent = count((row) => row.status === "sent");
    const refusedRate = count((row) => row.code === "rate_limited");
    const refusedDestination = count((row) => row.code === "destination_refused");
    const toRefused = count((row) => refusedNumbers.has(row.to_number));

    const byPath = new Map<TextPath, { sent: number; tried: number }>(TEXT_PATHS.map((path) => [path, { sent: 0, tried: 0 }]));
    let disagreements = 0;
    for (const journey of journeys) {
      const recorded = recordedSteps(journey, rows);
      if (recorded.length !== journey.steps.length)
        failures.push(`${journey.phone}: ${journey.steps.length} texts asked for, ${recorded.length} recorded by the gate`);
      for (const [at, step] of recorded.entries()) {
        const tally = byPath.get(step.path)!;
        tally.tried++;
        if (step.code === "sent") tally.sent++;
        const said = journey.steps[at]?.said;
        if (said != null && said !== step.code) disagreements++;
      }
    }
    if (Math.floor(Date.now() / 3_600_000) !== hour) failures.push("the run crossed into the next clock hour, where the limit starts again");
    if (rows.length !== ALLOWED + REFUSED) failures.push(`${rows.length} attempts recorded, not ${ALLOWED + REFUSED}`);
    if (sent !== HOURLY_LIMIT) failures.push(`${sent} texts sent, not the ${HOURLY_LIMIT} an hour a trial allows`);
    if (refusedRate !== ALLOWED - HOURLY_LIMIT) failures.push(`${refusedRate} refused rate_limited, not ${ALLOWED - HOURLY_LIMIT}`);
    if (refusedDestination !== REFUSED || toRefused !== REFUSED)
      failures.push(`${refusedDestination} of ${toRefused} texts to refused countries refused destination_refused, not ${REFUSED}`);
    if (reached.length !== sent) failures.push(`the Twilio simulator received ${reached.length} texts from the business, the gate sent ${sent}`);
    if (leaked.length) failures.push(`${leaked.length} texts reached Twilio for a refused country`);
    if (disagreements) failures.push(`${disagreements} answers of the API disagree with the gate's record`);
    const unused = [...byPath].filter(([, tally]) => tally.tried === 0).map(([path]) => path);
    if (unused.length) failures.push(`no text went through ${unused.join(", ")}`);

    const paths = [...byPath].map(([path, tally]) => `${path}:${tally.sent}/${tally.tried}`).join(",");
    return outcome(
      {
        attempts: rows.length,
        sent,
        refused_rate: refusedRate,
        refused_destination: refusedDestination,
        reached_simulator: reached.length,
        other: rows.length - sent - refusedRate - refusedDestination,
        sent_of_path: paths,
      },
      failures,
    );
  },
};
