/**
 * A warm transfer's webhooks (issue 37 §1), all signed by Twilio: the whisper the answering side hears
 * (<Number url>), its key press (<Gather action>), and what follows each number rung (<Dial action>): the next number,
 * the caller back to the agent (a new stream), or the end of a call that was put through. The call's CallSession
 * keeps the transfer; the parent call's CallSid is in the query of the whisper's URLs (they run on the called leg).
 */
import { AGENT_DEFAULTS } from "@nikki/core";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import { agents } from "../../db/schema";
import { callContextFor } from "../../voice/call-context";
import { takeMessage } from "../../voice/take-message";
import { dialDocument, screenedDocument, unknownTransferDocument, whisperDocument } from "../../voice/transfer/documents";
import { holdLine, keepHoldLine } from "../../voice/transfer/hand-off";
import { backToAgent } from "../../voice/transfer/resume";
import { hangup, twiml } from "../../voice/twiml";
import { xml } from "./answer";

const CALL_SID = /^CA[0-9a-f]{32}$/i;

/** The call's CallSession and the attempt the URL names; null for a URL this deployment did not write. */
function transferOf(c: Context<AppEnv>, callSid: string | undefined) {
  const attempt = Number(c.req.query("attempt"));
  if (!callSid || !CALL_SID.test(callSid) || !Number.isInteger(attempt) || attempt < 0) return null;
  return { session: c.env.CALL_SESSION.get(c.env.CALL_SESSION.idFromName(callSid)), attempt, callSid };
}

/** <Number url>: the briefing, spoken to whoever answered, and "press 1". */
export async function transferWhisper(c: Context<AppEnv>) {
  const transfer = transferOf(c, c.req.query("call"));
  const brief = transfer ? await transfer.session.transferBrief() : null;
  if (!transfer || !brief) return xml(c, unknownTransferDocument());
  const { setup } = brief;
  return xml(
    c,
    whisperDocument(c.var.config.publicOrigin!, transfer.callSid, transfer.attempt, {
      organizationName: setup.organizationName,
      callerName: brief.transfer.callerName,
      callerNumber: setup.tool.callerNumber,
      reason: brief.transfer.reason,
      transcript: brief.transcript,
    }),
  );
}

/** <Gather action>: 1 puts the caller through; anything else (or nothing) declines. */
export async function transferScreened(c: Context<AppEnv>) {
  const transfer = transferOf(c, c.req.query("call"));
  const accepted = c.var.twilioParams!.Digits === "1";
  if (transfer) await transfer.session.transferScreened(transfer.attempt, accepted);
  return xml(c, screenedDocument(accepted && transfer !== null));
}

/** <Dial action>: after one number rang, the next one, the agent again, or the end of a call put through. */
export async function transferDialed(c: Context<AppEnv>) {
  const params = c.var.twilioParams!;
  const transfer = transferOf(c, params.CallSid);
  const origin = c.var.config.publicOrigin!;
  const { next, setup } = transfer ? await transfer.session.transferDialed(transfer.attempt, params) : { next: { kind: "message" as const }, setup: null };
  c.var.log.info("transfer_dialed", { call_sid: params.CallSid, dial_status: params.DialCallStatus, next: next.kind });
  if (next.kind === "hangup") return xml(c, twiml(hangup()));
  const deps = { services: c.var.services, origin, log: c.var.log };
  if (next.kind === "message" || !setup) {
    const business = params.Direction?.startsWith("outbound") ? params.From : params.To;
    const context = await callContextFor(c.var.services.db, business ?? "", c.var.twilioAccount!);
    return xml(c, await takeMessage(deps, context, context?.agent?.language ?? AGENT_DEFAULTS.language, false));
  }
  const [agent] = await c.var.services.db.select({ language: agents.language }).from(agents).where(eq(agents.id, setup.tool.agentId)).limit(1);
  const language = agent?.language ?? AGENT_DEFAULTS.language;
  if (next.kind === "dial") {
    await keepHoldLine(c.var.services.db, setup.tool.callId, holdLine(language, next.attempt), Date.now());
    return xml(c, dialDocument(origin, transfer!.callSid, next.numbers, next.attempt, setup.tool.businessNumber, language));
  }
  const session = transfer!.session;
  const document = await backToAgent({ ...deps, keepPlan: async ({ realtime: _key, ...plan }) => session.keepPlan(plan) }, setup, {
    callSid: transfer!.callSid,
    segment: next.segment,
    outcome: next.outcome,
    language,
    authToken: c.var.twilioAccount!.authToken,
  });
  return xml(c, document);
}
