/**
 * Item 1: forged, altered, wrong-token and spoofed-host Twilio webhooks are refused with 403 and write nothing, on
 * every /twilio/* route, for the platform's account and a business's own; the `twilio` package signs (the oracle).
 * A correctly signed request to each route is the control: it must be accepted, or the refusals prove nothing.
 */
import { SIMULATED_BUSINESS_CREDENTIALS as OWN, SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { request as httpRequest } from "node:http";
import twilio from "twilio";
import { DEMO } from "../../worker/src/db/seed";
import { type Context, type ReliabilityItem, outcome, signUpOwner, totalRows } from "./context";

const FORM_ROUTES = [
  "/twilio/voice/inbound",
  "/twilio/voice/outbound",
  "/twilio/voice/after-stream",
  "/twilio/voice/voicemail",
  "/twilio/voice/status",
  "/twilio/messaging/inbound",
];
const OWN_NUMBER = "+16045550177";

const callSid = () => `CA${crypto.randomUUID().replaceAll("-", "")}`;

function paramsFor(route: string, account: { sid: string; to: string }): Record<string, string> {
  const common = { AccountSid: account.sid, From: "+14155550142", To: account.to };
  if (route.endsWith("/messaging/inbound")) return { ...common, MessageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`, Body: "Hi" };
  if (route.endsWith("/status")) return { ...common, CallSid: callSid(), CallStatus: "completed", CallDuration: "12" };
  return { ...common, CallSid: callSid(), CallStatus: "ringing", Direction: "inbound" };
}

/** The status a websocket upgrade request gets (fetch may not send `Upgrade`). */
function upgradeStatus(url: string, signature: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      connection: "Upgrade",
      upgrade: "websocket",
      "sec-websocket-version": "13",
      "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
    };
    if (signature) headers["x-twilio-signature"] = signature;
    const request = httpRequest(url, { headers });
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("upgrade", (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 101);
    });
    request.on("error", reject);
    request.end();
  });
}

type Attack = "missing" | "forged" | "altered" | "wrong_token" | "spoofed_host";
const ATTACKS: Attack[] = ["missing", "forged", "altered", "wrong_token", "spoofed_host"];

async function post(context: Context, route: string, params: Record<string, string>, signature: string | undefined) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (signature !== undefined) headers["x-twilio-signature"] = signature;
  return fetch(`${context.base}${route}`, { method: "POST", headers, body: new URLSearchParams(params).toString() });
}

/** A request to `route` signed as Twilio signs it with this token. */
const signedPost = (context: Context, route: string, params: Record<string, string>, token: string) =>
  post(context, route, params, twilio.getExpectedTwilioSignature(token, `${context.base}${route}`, params));

async function attack(context: Context, route: string, token: string, params: Record<string, string>, kind: Attack) {
  const url = `${context.base}${route}`;
  switch (kind) {
    case "missing":
      return post(context, route, params, undefined);
    case "forged":
      return post(context, route, params, Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString("base64"));
    case "altered":
      return post(context, route, { ...params, From: "+19005550199" }, twilio.getExpectedTwilioSignature(token, url, params));
    case "wrong_token":
      return post(context, route, params, twilio.getExpectedTwilioSignature("0".repeat(32), url, params));
    case "spoofed_host":
      return post(context, route, params, twilio.getExpectedTwilioSignature(token, url.replace("127.0.0.1", "evil.example.com"), params));
  }
}

export const webhookSignatures: ReliabilityItem = {
  number: "1",
  name: "twilio_webhook_signatures",
  server: true,
  async run(context) {
    // A business on its own Twilio account, with a number there.
    const business = await signUpOwner(context.base, "Own Line Plumbing");
    await fetch(`${context.simulators.twilio.baseUrl}/__numbers`, {
      method: "POST",
      body: JSON.stringify({ phone_number: OWN_NUMBER, account_sid: OWN.twilio.account_sid }),
    });
    const connect = await fetch(`${context.base}/api/integrations/twilio`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie: business.cookie, origin: context.base },
      body: JSON.stringify({ credentials: OWN.twilio }),
    });
    if (connect.status !== 200) return outcome({}, [`could not connect the business's own Twilio account (${connect.status})`]);
    const asBusiness = { "content-type": "application/json", cookie: business.cookie, origin: context.base };
    // Webhooks are verified with an own account's token once its connection test has passed.
    const test = (await (await fetch(`${context.base}/api/integrations/twilio/test`, { method: "POST", headers: asBusiness, body: "{}" })).json()) as {
      success?: boolean;
    };
    if (!test.success) return outcome({}, ["the business's own Twilio account did not pass its connection test"]);
    await fetch(`${context.base}/api/numbers/sync`, { method: "POST", headers: asBusiness, body: "{}" });

    const accounts = [
      { name: "platform", sid: SIMULATED_CREDENTIALS.twilioAccountSid, token: SIMULATED_CREDENTIALS.twilioAuthToken, to: DEMO.phoneNumber },
      { name: "own", sid: OWN.twilio.account_sid, token: OWN.twilio.auth_token, to: OWN_NUMBER },
    ];
    const failures: string[] = [];
    let refused = 0;
    let attempts = 0;
    let controlsAccepted = 0;
    const before = await totalRows(context.db);
    for (const account of accounts) {
      for (const route of FORM_ROUTES) {
        for (const kind of ATTACKS) {
          attempts++;
          const response = await attack(context, route, account.token, paramsFor(route, account), kind);
          if (response.status === 403) refused++;
          else failures.push(`${account.name} ${route} ${kind}: ${response.status}`);
        }
      }
      // The media stream's upgrade is signed over its URL alone.
      for (const kind of ["missing", "wrong_token"] as const) {
        attempts++;
        const path = `/twilio/stream/${callSid()}`;
        const signature = kind === "missing" ? undefined : twilio.getExpectedTwilioSignature("0".repeat(32), `${context.base}${path}`, {});
        const status = await upgradeStatus(`${context.base}${path}`, signature);
        if (status === 403) refused++;
        else failures.push(`${account.name} stream ${kind}: ${status}`);
      }
    }
    const written = (await totalRows(context.db)) - before;
    if (written !== 0) failures.push(`${written} rows written by refused requests`);
    // Controls: the same routes, correctly signed, are accepted (status webhooks for unknown calls still answer 2xx).
    for (const account of accounts) {
      for (const route of FORM_ROUTES) {
        const params = paramsFor(route, account);
        const response = await signedPost(context, route, params, account.token);
        if (response.status < 300) controlsAccepted++;
        else failures.push(`control ${account.name} ${route}: ${response.status}`);
        await response.body?.cancel();
        // A call the control started ends as Twilio ends every call, with its final status callback: left on, it would
        // hold its spend and count as live for the items after this one.
        if (route.startsWith("/twilio/voice/") && params.CallStatus === "ringing") {
          const end = await signedPost(context, "/twilio/voice/status", { ...params, CallStatus: "completed", CallDuration: "0" }, account.token);
          if (end.status >= 300) failures.push(`control ${account.name} ${route}: its call's end answered ${end.status}`);
          await end.body?.cancel();
        }
      }
    }
    return outcome(
      { refused: `${refused}/${attempts}`, rows_written: written, signed_controls_accepted: `${controlsAccepted}/${accounts.length * FORM_ROUTES.length}` },
      failures,
    );
  },
};
