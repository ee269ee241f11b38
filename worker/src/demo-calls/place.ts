import { refusalNow } from "../billing/spend";
import { type DialPurpose, checkDestination } from "@nikki/core";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { jsonList } from "../db/json";
import { agents, calls, phoneNumbers } from "../db/schema";
import { ApiError } from "../http/api-error";
import type { Logger } from "../logger";
import { settingsRowOf } from "../org/settings";
import type { Services } from "../services";

type PlacedCall = { organizationId: string; from: string; agentId: string; to: string; purpose: DialPurpose };

export interface DemoCallPlacer {
  services: Services;
  /** This deployment's public origin, where Twilio fetches TwiML; null when unknown. */
  origin: string | null;
  log: Logger;
}

/** The organization's first active number with an active agent: who calls, and which agent talks. */
async function callingLine(db: Database, organizationId: string) {
  const [line] = await db
    .select({ number: phoneNumbers.twilioNumber, agentId: phoneNumbers.assignedAgentId })
    .from(phoneNumbers)
    .innerJoin(agents, eq(agents.id, phoneNumbers.assignedAgentId))
    .where(and(eq(phoneNumbers.organizationId, organizationId), eq(phoneNumbers.status, "active"), eq(agents.status, "active")))
    .orderBy(asc(phoneNumbers.createdAt))
    .limit(1);
  return line;
}

/**
 * Rings `to` from `from` (one of the organization's numbers); Twilio fetches the TwiML from `/twilio/voice/outbound`,
 * so `agentId` talks through the same bridge as inbound calls. Answering machine detection runs beside the call and
 * posts to `/twilio/voice/amd` (voice/answering-machine.ts: a machine gets a short message about `purpose`). Throws
 * backend_down (not configured), backend_timeout (Twilio slower than its 10 s budget) or call_failed.
 */
export async function dialOut(placer: DemoCallPlacer, call: PlacedCall): Promise<string> {
  const refusal = await refusalNow(placer.services, call.organizationId);
  if (refusal) throw new ApiError(refusal);
  const { twilio } = await (await placer.services.providersFor(call.organizationId)).forNumber(call.from);
  if (!twilio || !placer.origin) {
    placer.log.error("dial_out_backend_down", { twilio: Boolean(twilio), public_base_url: Boolean(placer.origin) });
    throw new ApiError("backend_down");
  }
  let callSid: string;
  try {
    const placed = await twilio.createCall({
      from: call.from,
      to: call.to,
      url: `${placer.origin}/twilio/voice/outbound?agent=${encodeURIComponent(call.agentId)}`,
      statusCallback: `${placer.origin}/twilio/voice/status`,
      amdCallback: `${placer.origin}/twilio/voice/amd?purpose=${call.purpose}`,
    });
    callSid = placed.sid;
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    placer.log.warn("call_failed", { error: error instanceof Error ? error.message : String(error), timed_out: timedOut });
    throw new ApiError(timedOut ? "backend_timeout" : "call_failed");
  }
  placer.log.info("call_placed", { organization_id: call.organizationId, call_sid: callSid });
  await recordPlacedCall(placer, call, callSid);
  return callSid;
}

/** Recorded as soon as it is dialled, with why, so the status callback has a call to end even if nobody answers. */
async function recordPlacedCall(placer: DemoCallPlacer, call: PlacedCall, callSid: string) {
  const [row] = await placer.services.db
    .insert(calls)
    .values({
      callSid,
      organizationId: call.organizationId,
      agentId: call.agentId,
      direction: "outbound",
      fromNumber: call.from,
      toNumber: call.to,
      placedFor: call.purpose,
    })
    .onConflictDoNothing({ target: calls.callSid })
    .returning({ id: calls.id });
  if (row) await placer.services.publishCall(call.organizationId, { id: row.id });
}

/**
 * A call Twilio already placed for a request claimed at `since` (the worker stopped before it could record the
 * answer), found in the account's call list from the organization's calling line to `e164`, and recorded; or null.
 */
export async function findPlacedDemoCall(placer: DemoCallPlacer, organizationId: string, e164: string, since: Date): Promise<string | null> {
  const line = await callingLine(placer.services.db, organizationId);
  if (!line?.agentId) return null;
  const { twilio } = await (await placer.services.providersFor(organizationId)).forNumber(line.number);
  if (!twilio) return null;
  // Twilio's dates have whole seconds.
  const found = (await twilio.recentCalls({ from: line.number, to: e164 })).find((call) => call.createdAt.getTime() >= since.getTime() - 1_000);
  if (!found) return null;
  await recordPlacedCall(placer, { organizationId, from: line.number, agentId: line.agentId, to: e164, purpose: "demo_call" }, found.sid);
  return found.sid;
}

/** A visitor's demo call (the widget's Test a Call): from the organization's first number with an active agent, checked against its countries. */
export async function placeDemoCall(placer: DemoCallPlacer, organizationId: string, e164: string): Promise<string> {
  const line = await callingLine(placer.services.db, organizationId);
  // Checked again when placing: a scheduled call's organization may have changed its allowed countries since.
  const destination = checkDestination(e164, jsonList((await settingsRowOf(placer.services.db, organizationId)).allowedCountries));
  if (!destination.ok) throw new ApiError(destination.code, { message: destination.message });
  if (!line?.agentId) {
    placer.log.error("demo_call_backend_down", { number: false });
    throw new ApiError("backend_down");
  }
  return dialOut(placer, { organizationId, from: line.number, agentId: line.agentId, to: e164, purpose: "demo_call" });
}
