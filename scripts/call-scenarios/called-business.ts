/**
 * What a scenario reads of the business it rings and of what the call left behind, from the running product's local
 * D1 (dev/local-d1.ts): any business a local run holds (a practice signed up a minute ago as well as the demo), with no
 * account to sign in with. Local runs only, as `npm run call:simulate` is.
 */
import { rows } from "@nikki/dev/local-d1";
import { serviceToAskFor, slotLabel } from "@nikki/core";

export interface CalledBusiness {
  name: string;
  /** The service the caller asks for by name: the first of those the number's agent offers that the business named itself. */
  service: string;
}

/** The business whose active number `to` is, with the service its callers ask for; null when no business has that number. */
export async function calledBusiness(baseUrl: string, to: string): Promise<CalledBusiness | null> {
  const offered = await rows(
    baseUrl,
    `select o.name as business, s.name as service
     from phone_numbers p join organizations o on o.id = p.organization_id
     left join services s on s.organization_id = p.organization_id and (s.agent_ids = '[]' or instr(s.agent_ids, '"' || p.assigned_agent_id || '"') > 0)
     where p.twilio_number = ? and p.status = 'active'
     order by s.created_at, s.id`,
    [to],
  );
  if (offered.length === 0) return null;
  const services = offered.flatMap((row) => (typeof row.service === "string" ? [row.service] : []));
  return { name: String(offered[0]!.business), service: serviceToAskFor(services) };
}

export interface StoredBooking {
  service: string;
  name: string;
  phone: string;
  /** The time as the business reads it, in its zone (in English, as the terminal speaks). */
  label: string;
}

/** The appointments the call booked, as stored. */
export async function bookingsOf(baseUrl: string, callId: string): Promise<StoredBooking[]> {
  const booked = await rows(
    baseUrl,
    "select service_name, name, phone, start_at, time_zone from appointments where call_id = ? and status = 'booked' order by start_at",
    [callId],
  );
  return booked.map((row) => {
    const zone = String(row.time_zone);
    return {
      service: String(row.service_name),
      name: String(row.name),
      phone: String(row.phone),
      label: `${slotLabel(new Date(Number(row.start_at)), zone)} (${zone})`,
    };
  });
}

export interface StoredCall {
  processing_status: string;
  language: string | null;
  summary: string | null;
}

/** The call as stored once its analysis is done (or failed), or as it is after `waitMs`; null when it is not there. */
export async function analysedCall(baseUrl: string, callId: string, waitMs = 30_000): Promise<StoredCall | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const [call] = await rows(baseUrl, "select processing_status, language, summary from calls where id = ?", [callId]);
    if (!call) return null;
    const stored: StoredCall = {
      processing_status: String(call.processing_status),
      language: (call.language as string | null) ?? null,
      summary: (call.summary as string | null) ?? null,
    };
    if (stored.processing_status !== "pending" || Date.now() > until) return stored;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
