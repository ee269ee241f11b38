import type { Logger } from "../src/logger";
import type { AnswerDeps } from "../src/voice/answer";
import type { CallSetup } from "../src/voice/setup";
import { testServices } from "./services";

/**
 * What the voice webhook gives answerCall(), on the test services (with `bindings` over the test's): the setup the
 * CallSession would get goes to `prepared`, and work after the response is left to run.
 */
export function testAnswerDeps(log: Logger, prepared: (setup: CallSetup) => void, bindings?: Record<string, string>): AnswerDeps {
  return {
    services: testServices(bindings),
    origin: "https://nikki.test",
    bridgeUrl: "wss://nikki.test/twilio/stream",
    log,
    prepareSession: async (_sid, given) => prepared(given),
    afterResponse: (work) => void work,
  };
}
