import { startCrmSimulator } from "../../e2e/simulators/crm";
import { startOpenAiSimulator } from "../../e2e/simulators/openai";
import { startTwilioRestSimulator } from "../../e2e/simulators/twilio-rest";
import { BOOKING_SCRIPT, SIMULATED } from "./simulators";

/** Starts the provider simulators (in Node, beside workerd) for the worker tests. */
export default async function setup() {
  const openai = await startOpenAiSimulator({ port: SIMULATED.openaiPort, apiKey: SIMULATED.openaiKey, script: BOOKING_SCRIPT });
  const twilio = await startTwilioRestSimulator({
    port: SIMULATED.twilioPort,
    accountSid: SIMULATED.twilioAccountSid,
    authToken: SIMULATED.twilioAuthToken,
  });
  const crm = await startCrmSimulator(SIMULATED.crmPort);
  return async () => {
    await openai.close();
    await twilio.close();
    await crm.close();
  };
}
