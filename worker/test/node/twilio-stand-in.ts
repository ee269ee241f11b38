/**
 * What the Node-side Twilio tests share: the simulated account, how a stand-in for the worker records a webhook, and
 * the stand-in started beside the REST simulator.
 */
import type { IncomingMessage, Server } from "node:http";
import { startTwilioRestSimulator } from "@nikki/simulators/twilio-rest";
import twilio from "twilio";

export const ACCOUNT = "AC0123456789abcdef0123456789abcdef";
export const TOKEN = "12345678901234567890123456789012";

/** A webhook Twilio sent the stand-in: where, its form, and whether its signature holds (Twilio's own library says). */
export interface Hit {
  path: string;
  params: Record<string, string>;
  signed: boolean;
}

/** Reads a webhook's form as the stand-in at `base` received it. */
export async function hitOf(request: IncomingMessage, base: string): Promise<Hit> {
  let body = "";
  for await (const chunk of request) body += chunk;
  const params = Object.fromEntries(new URLSearchParams(body));
  const signed = twilio.validateRequest(TOKEN, String(request.headers["x-twilio-signature"]), `${base}${request.url}`, params);
  return { path: request.url ?? "", params, signed };
}

/** The stand-in listening on `appPort`, the REST simulator on `twilioPort`, and Twilio's own library pointed at it. */
export async function listenWithTwilio(app: Server, appPort: number, twilioPort: number) {
  await new Promise<void>((resolve) => app.listen(appPort, "127.0.0.1", resolve));
  const simulator = await startTwilioRestSimulator({ port: twilioPort, accountSid: ACCOUNT, authToken: TOKEN });
  const client = twilio(ACCOUNT, TOKEN);
  client.api.baseUrl = simulator.baseUrl;
  return { simulator, client };
}
