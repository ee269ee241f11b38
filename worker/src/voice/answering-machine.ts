/**
 * Twilio's answering machine detection on the calls the product places (demo-calls/place.ts dialOut()), posted to
 * `/twilio/voice/amd` while the agent is already on the line (AsyncAmd). A person (or an unknown answer): the
 * conversation goes on. A machine, once its greeting has ended (DetectMessageEnd: after the beep): the call's TwiML is
 * replaced by a short message in the agent's language and <Hangup/>, which also ends the media stream, so the agent
 * stops talking to the greeting. A fax: the call is hung up. What happened is written on the call at once (its
 * `answered_by` and summary); analysis.ts asks no model about a machine's call.
 */
import { DIAL_PURPOSES, type DialPurpose, answeredByOf, isMachine, machineSummary, voicemailMessage } from "@nikki/core";
import { and, eq, isNull, sql } from "drizzle-orm";
import { agents, calls, organizations } from "../db/schema";
import type { Logger } from "../logger";
import type { Services } from "../services";
import type { SigningAccount } from "./call-context";
import { spoken } from "./prompts";
import { hangup, twiml } from "./twiml";

const purposeOf = (value: string | undefined): DialPurpose =>
  (DIAL_PURPOSES as readonly string[]).includes(value ?? "") ? (value as DialPurpose) : "demo_call";

/** What the message needs of the call placed: its business (the number it came from, the organization) and agent. */
const PLACED_CALL = {
  id: calls.id,
  organizationId: calls.organizationId,
  business: calls.fromNumber,
  agent: agents.name,
  language: agents.language,
  organization: organizations.name,
};

/**
 * The AMD callback (AccountSid, CallSid, AnsweredBy, MachineDetectionDuration): who answered is kept once (a repeated
 * callback changes nothing), then a machine gets its message and a fax is hung up on.
 */
export async function recordAnsweredBy(
  services: Services,
  log: Logger,
  params: Record<string, string>,
  account: SigningAccount,
  purpose: string | undefined,
): Promise<void> {
  const answeredBy = answeredByOf(params.AnsweredBy);
  const callSid = params.CallSid;
  if (!callSid || !answeredBy) return void log.warn("amd_callback_unreadable", { call_sid: callSid ?? null, answered_by: params.AnsweredBy ?? null });
  const { db } = services;
  const [call] = await db
    .select(PLACED_CALL)
    .from(calls)
    .innerJoin(organizations, eq(organizations.id, calls.organizationId))
    .leftJoin(agents, eq(agents.id, calls.agentId))
    .where(
      and(
        eq(calls.callSid, callSid),
        eq(calls.direction, "outbound"),
        sql`${calls.organizationId} = coalesce(${account.organizationId}, ${calls.organizationId})`,
      ),
    );
  if (!call) return void log.warn("amd_callback_unknown_call", { call_sid: callSid });
  const agent = call.agent ?? "Nikki";
  const message = voicemailMessage({
    language: call.language ?? "en-US",
    purpose: purposeOf(purpose),
    agent,
    business: call.organization,
    number: call.business,
  });
  const [kept] = await db
    .update(calls)
    .set({ answeredBy, ...(isMachine(answeredBy) ? { summary: machineSummary(answeredBy, message) } : {}) })
    .where(and(eq(calls.id, call.id), isNull(calls.answeredBy)))
    .returning({ id: calls.id });
  log.info("call_answered_by", { call_sid: callSid, answered_by: answeredBy, twilio_answered_by: params.AnsweredBy, ms: params.MachineDetectionDuration });
  if (!kept) return;
  await services.publishCall(call.organizationId, { id: call.id });
  if (!isMachine(answeredBy)) return;
  const providers = await services.providersFor(call.organizationId);
  const { twilio } = await providers.forNumber(call.business);
  const origin = services.config.publicOrigin ?? "";
  const update =
    answeredBy === "machine"
      ? { twiml: twiml(await spoken({ db, providers, origin, log }, call.organizationId, message, call.language ?? "en-US"), hangup()) }
      : ({ status: "completed" } as const);
  await twilio
    ?.updateCall(callSid, update)
    .catch((error: unknown) =>
      log.warn("call_update_failed", { reason: `answered_by_${answeredBy}`, error: error instanceof Error ? error.message : String(error) }),
    );
}
