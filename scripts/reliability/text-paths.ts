/**
 * Item 20's journeys: each path that sends a text, driven from outside as a person (or Twilio) drives it, noting what
 * the path said about its text. An appointment is booked (POST /api/appointments), moved by the business (PATCH), moved
 * by the booked person on their manage page, then canceled by either; a caller asks Nikki for a text during a call
 * (the send_sms tool), gets the follow-up after it, and the business texts them from the call's page
 * (POST /api/calls/:id/sms).
 */
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { placeSimulatedCall } from "@nikki/simulators/twilio-caller";
import { manageToken } from "../../worker/src/appointments/manage-link";
import { type OwnedBusiness, ownerRequest } from "./business";
import { type Context, freshAddress } from "./context";

/** The paths, by the names the item prints. */
export const TEXT_PATHS = [
  "appointments_post",
  "appointments_patch",
  "manage_reschedule",
  "manage_cancel",
  "appointments_cancel",
  "call_send_sms",
  "call_follow_up",
  "calls_sms",
] as const;
export type TextPath = (typeof TEXT_PATHS)[number];

/** One text a journey asked for: its path, and what the path answered of it (null when the path does not say). */
export interface Step {
  path: TextPath;
  said: string | null;
}

export interface Journey {
  /** Who the texts go to (E.164). */
  phone: string;
  /** The call the texts are about, for a caller's journey. */
  callId: string | null;
  steps: Step[];
  /** What went wrong on the way, other than a text refused. */
  problems: string[];
}

export interface Shop {
  context: Context;
  business: OwnedBusiness;
  serviceId: string;
  /** A free start for a booking or a move, each used once. */
  nextStart(): string;
}

const journeyOf = (phone: string): Journey => ({ phone, callId: null, steps: [], problems: [] });

/** A form post to the booked person's manage page, from an address of its own (the page's limits are per address). */
async function managePost(shop: Shop, appointmentId: string, action: "reschedule" | "cancel", form: Record<string, string> = {}) {
  const token = await manageToken(shop.context.authSecret, appointmentId);
  const response = await fetch(`${shop.context.base}/a/${token}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": freshAddress() },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  await response.body?.cancel();
  return response.status;
}

/** Booked, moved by the business, moved on the manage page, canceled (on the page or by the business): four texts. */
export async function appointmentJourney(shop: Shop, phone: string, cancelOn: "page" | "api"): Promise<Journey> {
  const journey = journeyOf(phone);
  const { send } = shop.business;
  type Written = { appointment: { id: string }; text: string | null };
  const booked = await send<Written>("/api/appointments", { service_id: shop.serviceId, start: shop.nextStart(), name: "Grace Hopper", phone });
  journey.steps.push({ path: "appointments_post", said: booked.text });
  const id = booked.appointment.id;
  const moved = await send<Written>(`/api/appointments/${id}`, { start: shop.nextStart() }, "PATCH");
  journey.steps.push({ path: "appointments_patch", said: moved.text });
  const pageMove = await managePost(shop, id, "reschedule", { start: shop.nextStart() });
  if (pageMove !== 303) journey.problems.push(`the manage page answered a move ${pageMove}, not 303`);
  journey.steps.push({ path: "manage_reschedule", said: null });
  if (cancelOn === "page") {
    const canceled = await managePost(shop, id, "cancel");
    if (canceled !== 303) journey.problems.push(`the manage page answered a cancellation ${canceled}, not 303`);
    journey.steps.push({ path: "manage_cancel", said: null });
  } else {
    const canceled = await send<Written>(`/api/appointments/${id}`, { status: "canceled" }, "PATCH");
    journey.steps.push({ path: "appointments_cancel", said: canceled.text });
  }
  return journey;
}

/** What POST /api/calls/:id/sms said: sent (200), or the refusal's code (429 rate_limited, 400 destination_not_allowed). */
async function textFromCallPage(shop: Shop, callId: string): Promise<string> {
  const request = ownerRequest(shop.context.base, shop.business.cookie);
  const response = await request(`/api/calls/${callId}/sms`, { body: "Your quote is ready: reply to this text to go ahead." });
  if (response.status === 200) return (await response.body?.cancel(), "sent");
  const { error } = (await response.json()) as { error: { code: string } };
  return error.code === "destination_not_allowed" ? "destination_refused" : error.code;
}

/** Until the call's follow-up text was tried (its analysis done), or `ms` have passed. */
async function followUpTried(db: D1Database, callId: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const row = await db.prepare("select 1 as found from text_messages where call_id = ? and purpose = 'call_follow_up'").bind(callId).first("found");
    if (row || Date.now() > deadline) return Boolean(row);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A caller from `phone` asks Nikki to text them (send_sms), is sent the follow-up after the call, then texted from the call's page. */
export async function callerJourney(shop: Shop, phone: string, tag: number): Promise<Journey> {
  const journey = journeyOf(phone);
  const { context, business } = shop;
  const report = await placeSimulatedCall({
    baseUrl: context.base,
    publicBaseUrl: context.base,
    authToken: SIMULATED_CREDENTIALS.twilioAuthToken,
    accountSid: SIMULATED_CREDENTIALS.twilioAccountSid,
    from: phone,
    to: business.number,
    tag,
    says: [`Hi, this is Grace Hopper, my number is ${phone}. Please text me the details.`],
    answerTimeoutMs: 15_000,
    // On the line while the tool runs and Nikki says what came of it.
    minDurationMs: 6_000,
  });
  journey.callId = report.callId;
  if (!report.callId || report.voicemail) {
    journey.problems.push(`the call from ${phone} was not answered by Nikki`);
    return journey;
  }
  journey.steps.push({ path: "call_send_sms", said: null });
  if (!(await followUpTried(context.db, report.callId, 30_000))) journey.problems.push(`no follow-up was tried after the call from ${phone}`);
  journey.steps.push({ path: "call_follow_up", said: null });
  journey.steps.push({ path: "calls_sms", said: await textFromCallPage(shop, report.callId) });
  return journey;
}
