/**
 * The caller back with the agent after a transfer nobody took (issue 37 §1): a new media stream for the same call, its
 * own segment (call/plan.ts), with the model told what happened, so it says so first and offers to take a message or
 * to book a callback. Without a model account the caller leaves a recorded message instead: never dropped.
 */
import type { TransferOutcome } from "@nikki/core";
import type { MediaPlan } from "../../call/plan";
import { hashToken, mintToken } from "../../call/stream-ticket";
import { mediaPlanFor } from "../media-plan";
import type { CallSetup } from "../../rpc/call-session";
import { type MessageDeps, messageAfter } from "../take-message";
import { connectStream, say, twiml } from "../twiml";

export interface ResumeDeps extends MessageDeps {
  /** Keeps the new segment's plan in the call's CallSession, for its stream to ask for (its own MediaSession). */
  keepPlan(plan: MediaPlan): Promise<void>;
}

const WHY: Record<TransferOutcome, { en: string; es: string }> = {
  connected: { en: "", es: "" },
  no_answer: { en: "nobody from the team picked up", es: "nadie del equipo ha podido contestar" },
  busy: { en: "the team's line is busy", es: "la línea del equipo está ocupada" },
  declined: { en: "nobody from the team can take the call right now", es: "nadie del equipo puede atender la llamada ahora" },
  failed: { en: "the call to the team did not go through", es: "la llamada al equipo no se ha podido hacer" },
};

/** What the agent says first when the caller is back, in the agent's language. */
export function backFromTransferLine(outcome: TransferOutcome, language: string): string {
  const why = WHY[outcome];
  return language.startsWith("es")
    ? `Disculpe la espera: ${why.es}. ¿Quiere que le tome un mensaje, o que le reserve una llamada del equipo?`
    : `Sorry about the wait: ${why.en}. Can I take a message, or book a time for them to call you back?`;
}

/** The instructions for the rest of the call: the agent's own, and what just happened. */
export function backFromTransferInstructions(instructions: string, outcome: TransferOutcome): string {
  return `${instructions}\n\nA transfer to the team was just tried and ${WHY[outcome].en}. The caller is back with you and has been told so. Do not try to transfer again: offer to take a message (push_crm_lead) or to book a time for the team to call back.`;
}

/** The TwiML that takes the caller back to the agent (a new <Connect><Stream>), once the segment's plan is kept. */
export async function backToAgent(
  deps: ResumeDeps,
  setup: CallSetup,
  resume: { callSid: string; segment: number; outcome: TransferOutcome; language: string; authToken: string },
): Promise<string> {
  if (!setup.streamUrl) return messageAfterTransfer(deps.origin, resume.outcome, resume.language);
  const token = mintToken();
  const url = `${setup.streamUrl}/${resume.segment}`;
  const segmentSetup: CallSetup = {
    ...setup,
    instructions: backFromTransferInstructions(setup.instructions, resume.outcome),
    openingLine: backFromTransferLine(resume.outcome, resume.language),
  };
  const plan = await mediaPlanFor(deps.services, segmentSetup, { url, authToken: resume.authToken, ticketHash: await hashToken(token) });
  if (!plan) return messageAfterTransfer(deps.origin, resume.outcome, resume.language);
  try {
    await deps.keepPlan({ ...plan, segment: resume.segment });
  } catch (error) {
    deps.log.error("transfer_resume_failed", { call_sid: resume.callSid, error: error instanceof Error ? error.message : String(error) });
    return messageAfterTransfer(deps.origin, resume.outcome, resume.language);
  }
  deps.log.info("transfer_back_to_agent", { call_sid: resume.callSid, outcome: resume.outcome });
  return twiml(connectStream(url, { callId: setup.tool.callId, token }, `${deps.origin}/twilio/voice/after-stream`));
}

/** The agent cannot come back (no model account, its plan not kept): the caller leaves a message. */
export function messageAfterTransfer(origin: string, outcome: TransferOutcome, language: string): string {
  const line = language.startsWith("es")
    ? `Lo sentimos: ${WHY[outcome].es}. Deje su nombre, su número y un mensaje después del tono, y le llamaremos.`
    : `Sorry: ${WHY[outcome].en}. Please leave your name, your number and a short message after the tone, and we'll call you back.`;
  return messageAfter(say(line, { language }), origin, language);
}
