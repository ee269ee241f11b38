/**
 * Call updates (new TwiML, or the end) for calls the REST simulator did not place: inbound calls, which a simulated
 * caller (twilio-caller.ts) drives from its own process. The worker updates them as it would any live call (a transfer,
 * the apology after a drop, a hang-up); the caller asks `GET /__calls/{CallSid}/redirect?wait_ms=N` and, as Twilio does,
 * stops its stream and runs what it was given. Each update is handed out once.
 */
import type { ServerResponse } from "node:http";
import { sendJson } from "./http";

const MAX_WAIT_MS = 30_000;

export function callRedirects() {
  const pending = new Map<string, Record<string, string>[]>();
  const waiting = new Map<string, ((form: Record<string, string>) => void)[]>();
  return {
    /** The worker updated a call: kept for its caller, or handed to one already asking. */
    update(callSid: string, form: Record<string, string>) {
      const waiter = waiting.get(callSid)?.shift();
      if (waiter) return waiter(form);
      pending.set(callSid, [...(pending.get(callSid) ?? []), form]);
    },
    /** The caller's long poll: the next update (200, the update's form), or 204 when none came within wait_ms. */
    answer(response: ServerResponse, callSid: string, waitMs: number) {
      const next = pending.get(callSid)?.shift();
      if (next) return sendJson(response, 200, next);
      const waiter = (form: Record<string, string>) => {
        clearTimeout(timer);
        sendJson(response, 200, form);
      };
      const timer = setTimeout(
        () => {
          waiting.set(
            callSid,
            (waiting.get(callSid) ?? []).filter((candidate) => candidate !== waiter),
          );
          response.writeHead(204).end();
        },
        Math.min(Math.max(0, waitMs), MAX_WAIT_MS),
      );
      waiting.set(callSid, [...(waiting.get(callSid) ?? []), waiter]);
    },
  };
}
