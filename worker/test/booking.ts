import { addDays, isoInZone, localParts, zonedInstant } from "@nikki/core";
import { env } from "cloudflare:test";
import { manageToken, tokenHash } from "../src/appointments/manage-link";
import { type SignedUp, call, signUp } from "./accounts";
import { SIMULATED } from "./simulators";

export const ZONE = "America/New_York";
/** Open every day 08:00–20:00, so any date a test picks is a working day. */
export const EVERY_DAY_8_TO_8 = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [{ open: "08:00", close: "20:00" }]]));
/** Open at every hour of every day, so a call a test places at any time of day is in hours (not taken as a message). */
export const AROUND_THE_CLOCK = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((day) => [day, [{ open: "00:00", close: "23:59" }]]));

export interface BookingOrganization {
  owner: SignedUp;
  agentId: string;
  serviceId: string;
}

/** A new organization whose agent is open every day 8 to 8 in New York; with `number`, a number that rings it (so texts go out). */
export async function bookingOrganization(company: string, options: { number?: boolean; language?: string } = {}): Promise<BookingOrganization> {
  const owner = await signUp({ company });
  const created = await call("/api/agents", {
    cookie: owner.cookie,
    body: { name: "Booker", business_hours_tz: ZONE, hours_json: EVERY_DAY_8_TO_8, language: options.language ?? "en-US" },
  });
  const { agent } = (await created.json()) as { agent: { id: string } };
  const { services } = (await (await call("/api/services", { cookie: owner.cookie })).json()) as { services: { id: string }[] };
  if (options.number) {
    const digits = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000).padStart(7, "0");
    await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
      .bind(crypto.randomUUID(), owner.organizationId, `+1646${digits}`, agent.id)
      .run();
  }
  return { owner, agentId: agent.id, serviceId: services[0]!.id };
}

/** A local time some days from today in New York, as ISO with its offset ("2026-12-01T10:00:00-05:00"). */
export function localStart(days: number, time: string, zone = ZONE): string {
  const date = addDays(localParts(zone, new Date()).date, days);
  return isoInZone(zone, zonedInstant(zone, date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))));
}

export const twilioMessages = async () =>
  ((await (await fetch(`http://127.0.0.1:${SIMULATED.twilioPort}/__requests`)).json()) as { path: string; form: Record<string, string> }[]).filter((request) =>
    request.path.endsWith("/Messages.json"),
  );

export const book = (who: SignedUp, body: Record<string, unknown>) => call("/api/appointments", { cookie: who.cookie, body });

/** An appointment written straight to the table (as a booking would), for tests about what shows it. */
export async function insertAppointment(
  organizationId: string,
  values: { callId?: string | null; start?: string; minutes?: number; status?: "booked" | "canceled"; name?: string; code?: string; timeZone?: string } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const start = new Date(values.start ?? localStart(3, "10:00")).getTime();
  const end = start + (values.minutes ?? 30) * 60_000;
  await env.DB.prepare(
    "insert into appointments (id, organization_id, call_id, service_name, name, phone, start_at, end_at, busy_until, time_zone, status, source, confirmation_code, manage_token_hash) values (?, ?, ?, 'Appointment', ?, '+14155550100', ?, ?, ?, ?, ?, 'call', ?, ?)",
  )
    .bind(
      id,
      organizationId,
      values.callId ?? null,
      values.name ?? "Ada",
      start,
      end,
      end,
      values.timeZone ?? ZONE,
      values.status ?? "booked",
      values.code ?? id.slice(0, 6).toUpperCase(),
      await tokenHash(await manageToken(env.AUTH_SECRET!, id)),
    )
    .run();
  return id;
}
