import { env } from "cloudflare:test";
import type { TransferKeeping } from "../src/call-effects/call-effects";
import type { Logger } from "../src/logger";
import type { Providers, Services } from "../src/services";
import { type ToolCall, type ToolDeps, runTool } from "../src/voice/tools";
import { callEffectsOf } from "../src/test-suite/call-effects-of";
import type { BookingOrganization } from "./booking";
import { callSid } from "./twilio";

/** A call to `organization`'s first number, stored as its webhook would store it, and what its tools run on. */
export async function toolCallOf(
  organization: BookingOrganization,
  services: Services,
  log: Logger,
  options: { test?: boolean; caller?: string; tools?: string[] } = {},
): Promise<{ call: ToolCall; deps: ToolDeps }> {
  const businessNumber = (await env.DB.prepare("select twilio_number from phone_numbers where organization_id = ? order by created_at")
    .bind(organization.owner.organizationId)
    .first<string>("twilio_number"))!;
  const call: ToolCall = {
    callId: crypto.randomUUID(),
    callSid: callSid(),
    organizationId: organization.owner.organizationId,
    agentId: organization.agentId,
    businessNumber,
    callerNumber: options.caller ?? "+14155550140",
    escalationJson: "{}",
    allowedCountries: ["US", "CA"],
    test: options.test ?? false,
    tools: options.tools ?? ["book_appointment"],
  };
  await env.DB.prepare("insert into calls (id, call_sid, organization_id, from_number, to_number, kind) values (?, ?, ?, ?, ?, ?)")
    .bind(call.callId, call.callSid, call.organizationId, call.callerNumber, businessNumber, call.test ? "test" : "conversation")
    .run();
  return { call, deps: await toolDepsOf(call, services, log) };
}

/** What a call's tools run on: its organization's accounts, and its effects as the call's CallSession chooses them. */
export async function toolDepsOf(
  call: ToolCall,
  services: Services,
  log: Logger,
  given: { providers?: Providers; transfers?: TransferKeeping } = {},
): Promise<ToolDeps> {
  const deps = { services, providers: given.providers ?? (await services.providersFor(call.organizationId)), log };
  return { ...deps, db: services.db, effects: callEffectsOf(call, { ...deps, transfers: given.transfers }) };
}

/** Runs one of the call's tools as the model would call it. */
export async function runToolOn(
  organization: BookingOrganization,
  services: Services,
  log: Logger,
  tool: string,
  args: unknown,
  options?: { test?: boolean; caller?: string },
) {
  const { call, deps } = await toolCallOf(organization, services, log, options);
  return { output: (await runTool(tool, JSON.stringify(args), call, deps)) as Record<string, unknown>, call };
}
