/**
 * A warm transfer's webhooks (issue 37 §1), all signed by Twilio: the whisper the answering side hears
 * (<Number url>), its key press (<Gather action>), and what follows each number rung (<Dial action>). Each translates
 * Twilio's request for the call's CallSession, which keeps the transfer, and its answer into TwiML, which
 * voice/transfer/ decides. The parent call's CallSid is in the query of the whisper's URLs (they run on the called leg).
 */
import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import type { MediaPlan } from "../../call/plan";
import { afterDialDocument } from "../../voice/transfer/after-dial";
import { screenedDocument } from "../../voice/transfer/documents";
import { whisperFor } from "../../voice/transfer/next";
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
  return xml(c, whisperFor(c.var.config.publicOrigin!, transfer, brief));
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
  const answer = transfer ? await transfer.session.transferDialed(transfer.attempt, params) : { next: { kind: "message" as const }, setup: null };
  c.var.log.info("transfer_dialed", { call_sid: params.CallSid, dial_status: params.DialCallStatus, next: answer.next.kind });
  const deps = { services: c.var.services, origin: c.var.config.publicOrigin!, log: c.var.log };
  const call = {
    callSid: params.CallSid ?? "",
    businessNumber: (params.Direction?.startsWith("outbound") ? params.From : params.To) ?? "",
    account: c.var.twilioAccount!,
    keepPlan: async ({ realtime: _key, ...plan }: MediaPlan) => transfer?.session.keepPlan(plan),
  };
  return xml(c, await afterDialDocument(deps, call, answer));
}
