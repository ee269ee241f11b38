import type { Logger } from "../src/logger";
import type { AnswerDeps } from "../src/voice/answer";
import { readAnsweredPlan } from "../src/voice/answered-plan";
import type { CallSetup } from "../src/rpc/call-session";
import { testServices } from "./services";

/** What the voice webhook gives answerCall(), on the test services (with `bindings` over the test's); work after the response is left to run. */
export function testAnswerDeps(log: Logger, bindings?: Record<string, string>): AnswerDeps {
  return {
    services: testServices(bindings),
    origin: "https://nikki.test",
    bridgeUrl: "wss://nikki.test/twilio/stream",
    log,
    afterResponse: (work) => void work,
  };
}

/** The setup the call's CallSession gets when its stream asks (kept on the call's row until then); null when the AI does not take the call. */
export async function answeredSetup(callSid: string): Promise<CallSetup | null> {
  return (await readAnsweredPlan(testServices().db, callSid))?.setup ?? null;
}
