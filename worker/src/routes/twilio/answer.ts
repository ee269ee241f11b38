import { AGENT_DEFAULTS } from "@nikki/core";
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { agents, calls } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { type CallContext, callContextFor, isAfterHours } from "../../voice/call-context";
import type { CallSetup } from "../../voice/call-session";
import { GOODBYE_AT_TIME_LIMIT, buildInstructions, openingLine } from "../../voice/instructions";
import { hashToken, mintToken } from "../../voice/stream-ticket";
import { connectStream, hangup, record, say, startRecording, twiml } from "../../voice/twiml";

type Agent = typeof agents.$inferSelect;

export const xml = (c: Context<AppEnv>, document: string) => c.body(document, 200, { "content-type": "text/xml; charset=utf-8" });

/** Inserts the call once (Twilio may repeat a webhook) and answers its id. */
async function recordCall(c: Context<AppEnv>, values: typeof calls.$inferInsert): Promise<string> {
  const [inserted] = await c.var.db.insert(calls).values(values).onConflictDoNothing({ target: calls.callSid }).returning({ id: calls.id });
  if (inserted) return inserted.id;
  const [existing] = await c.var.db.select({ id: calls.id }).from(calls).where(eq(calls.callSid, values.callSid));
  return existing!.id;
}

/** Why the AI cannot take this call, or null when it can. */
function unavailable(c: Context<AppEnv>, context: CallContext | null, agent: Agent | null): string | null {
  if (!context) return "unknown_number";
  if (!context.numberAssigned || !agent) return "unassigned_number";
  if (agent.status !== "active") return "inactive_agent";
  if (!c.var.config.OPENAI_API_KEY) return "missing_openai_key";
  return null;
}

/**
 * Answers a call (inbound to a business's number, or one we placed): TwiML that announces and starts the
 * recording when the organization records calls, says who is connecting when the agent has no greeting of
 * its own, and connects the media stream with the call id and a one-time ticket. Anything that stops the AI
 * from answering gets a polite voicemail instead, never an error.
 */
export async function answerCall(c: Context<AppEnv>, direction: "inbound" | "outbound", agentId?: string) {
  const params = c.var.twilioParams!;
  const callSid = params.CallSid ?? "";
  const caller = (direction === "inbound" ? params.From : params.To) ?? "";
  const business = (direction === "inbound" ? params.To : params.From) ?? "";
  const origin = c.var.config.publicOrigin!;
  const context = await callContextFor(c.var.db, business);
  const [agent] = context
    ? agentId
      ? await c.var.db.select().from(agents).where(and(eq(agents.id, agentId), eq(agents.organizationId, context.organizationId)))
      : context.agent
        ? [context.agent]
        : []
    : [];
  const problem = unavailable(c, context, agent ?? null);
  const language = agent?.language ?? AGENT_DEFAULTS.language;

  if (problem || !context || !agent) {
    c.var.log.warn("call_to_voicemail", { call_sid: callSid, reason: problem, to: business });
    if (context) {
      await recordCall(c, {
        callSid,
        organizationId: context.organizationId,
        agentId: agent?.id ?? null,
        direction,
        kind: "voicemail",
        fromNumber: params.From ?? "",
        toNumber: params.To ?? "",
      });
    }
    const name = context ? ` ${context.organizationName}` : "";
    return xml(
      c,
      twiml(
        say(
          `Thanks for calling${name}. We can't take your call right now. Please leave your name, your number and a short message after the tone, and we'll call you back.`,
          { language },
        ),
        record({ action: `${origin}/twilio/voice/voicemail`, maxLength: 120, recordingStatusCallback: `${origin}/twilio/voice/status` }),
        say("We didn't catch a message. Goodbye.", { language }),
        hangup(),
      ),
    );
  }

  const now = new Date();
  const afterHours = isAfterHours(agent, now);
  const callId = await recordCall(c, {
    callSid,
    organizationId: context.organizationId,
    agentId: agent.id,
    direction,
    kind: "conversation",
    fromNumber: params.From ?? "",
    toNumber: params.To ?? "",
    afterHours,
  });
  const token = mintToken();
  const setup: CallSetup = {
    tool: {
      callId,
      callSid,
      organizationId: context.organizationId,
      agentId: agent.id,
      businessNumber: business,
      callerNumber: caller,
      escalationJson: agent.escalationJson,
    },
    organizationName: context.organizationName,
    afterHours,
    maxCallSeconds: context.maxCallSeconds,
    instructions: buildInstructions({ agent, organizationName: context.organizationName, afterHours, now }),
    openingLine: openingLine(agent, context.organizationName, afterHours),
    goodbye: GOODBYE_AT_TIME_LIMIT,
    voice: agent.voice,
  };
  await c.env.CALL_SESSION.get(c.env.CALL_SESSION.idFromName(callSid)).prepare(setup, await hashToken(token));
  c.var.log.info("call_answered", { call_sid: callSid, call_id: callId, direction, after_hours: afterHours });

  const verbs = [];
  if (context.recordCalls) {
    if (context.recordAnnounce) verbs.push(say("This call may be recorded.", { language }));
    verbs.push(startRecording(`${origin}/twilio/voice/status`));
  }
  if (!agent.greeting) verbs.push(say(`Connecting you to ${agent.name || "our AI assistant"}.`, { language }));
  verbs.push(connectStream(`${origin.replace(/^http/, "ws")}/twilio/stream/${callSid}`, { callId, token }));
  return xml(c, twiml(...verbs));
}
