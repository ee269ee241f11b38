import { SELF, env } from "cloudflare:test";
import { stripeSignature } from "@nikki/simulators/stripe-signature";
import { describe, expect, it } from "vitest";
import { DEMO } from "../src/db/seed";
import { computeTwilioSignature } from "../src/services/twilio/signature";
import { BASE } from "./post-json";
import { SIMULATED } from "./simulators";
import { servedRoutes } from "./served-routes";
import { callSid } from "./twilio";

/**
 * The providers' routes (/twilio/*, /webhooks/*) × {unsigned, signed with the wrong secret, signed} → the status
 * each must answer. A signature takes the place of a role: a route the app serves there without a row here fails
 * the first test, so a new webhook cannot ship unverified.
 */
type Signing = "unsigned" | "wrong_secret" | "signed";
const SIGNINGS: Signing[] = ["unsigned", "wrong_secret", "signed"];
const WRONG = "0".repeat(32);

interface Row {
  route: string;
  send: (signing: Signing) => Promise<Response>;
  expect: Record<Signing, number>;
}

function twilioForm(path: string, params: () => Record<string, string>) {
  return async (signing: Signing) => {
    const body = params();
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (signing !== "unsigned")
      headers["x-twilio-signature"] = await computeTwilioSignature(signing === "signed" ? env.TWILIO_AUTH_TOKEN! : WRONG, `${BASE}${path}`, body);
    return SELF.fetch(`${BASE}${path}`, { method: "POST", headers, body: new URLSearchParams(body) });
  };
}

const inboundCall = () => ({ CallSid: callSid(), AccountSid: env.TWILIO_ACCOUNT_SID!, From: "+14155550142", To: DEMO.phoneNumber, CallStatus: "ringing" });

async function stream(signing: Signing) {
  const sid = callSid();
  const headers: Record<string, string> = { upgrade: "websocket" };
  if (signing !== "unsigned")
    headers["x-twilio-signature"] = await computeTwilioSignature(signing === "signed" ? env.TWILIO_AUTH_TOKEN! : WRONG, `${BASE}/twilio/stream/${sid}`, {});
  const response = await SELF.fetch(`${BASE}/twilio/stream/${sid}`, { headers });
  response.webSocket?.accept();
  response.webSocket?.close(1000, "matrix");
  return response;
}

async function stripeEvent(signing: Signing) {
  const payload = JSON.stringify({
    id: `evt_matrix_${crypto.randomUUID()}`,
    object: "event",
    type: "invoice.created",
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: "invoice" } },
  });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signing !== "unsigned") headers["stripe-signature"] = stripeSignature(payload, signing === "signed" ? SIMULATED.stripeWebhookSecret : `whsec_${WRONG}`);
  return SELF.fetch(`${BASE}/webhooks/stripe`, { method: "POST", headers, body: payload });
}

const MATRIX: Row[] = [
  { route: "GET /twilio/stream", send: () => SELF.fetch(`${BASE}/twilio/stream`), expect: { unsigned: 200, wrong_secret: 200, signed: 200 } },
  { route: "GET /twilio/stream/:callSid", send: stream, expect: { unsigned: 403, wrong_secret: 403, signed: 101 } },
  { route: "POST /twilio/voice/inbound", send: twilioForm("/twilio/voice/inbound", inboundCall), expect: { unsigned: 403, wrong_secret: 403, signed: 200 } },
  { route: "POST /twilio/voice/outbound", send: twilioForm("/twilio/voice/outbound", inboundCall), expect: { unsigned: 403, wrong_secret: 403, signed: 200 } },
  {
    route: "POST /twilio/voice/voicemail",
    send: twilioForm("/twilio/voice/voicemail", inboundCall),
    expect: { unsigned: 403, wrong_secret: 403, signed: 200 },
  },
  {
    route: "POST /twilio/voice/status",
    send: twilioForm("/twilio/voice/status", () => ({ ...inboundCall(), CallStatus: "completed", CallDuration: "5" })),
    expect: { unsigned: 403, wrong_secret: 403, signed: 204 },
  },
  {
    route: "POST /twilio/messaging/inbound",
    send: twilioForm("/twilio/messaging/inbound", () => ({
      MessageSid: `SM${callSid().slice(2)}`,
      AccountSid: env.TWILIO_ACCOUNT_SID!,
      From: "+14155550142",
      To: DEMO.phoneNumber,
      Body: "Hi",
    })),
    expect: { unsigned: 403, wrong_secret: 403, signed: 200 },
  },
  { route: "POST /webhooks/stripe", send: stripeEvent, expect: { unsigned: 400, wrong_secret: 400, signed: 200 } },
];

const PROVIDER_ROUTE = (route: string) => / \/(twilio|webhooks)\//.test(route);

describe("the signature × route matrix", () => {
  it("has a row for every /twilio and /webhooks route the app serves", () => {
    expect(servedRoutes().filter(PROVIDER_ROUTE).sort()).toEqual(MATRIX.map((row) => row.route).sort());
  });

  for (const row of MATRIX) {
    it(`${row.route}: ${SIGNINGS.map((signing) => `${signing} ${row.expect[signing]}`).join(", ")}`, async () => {
      const answered: Record<string, number> = {};
      for (const signing of SIGNINGS) {
        const response = await row.send(signing);
        answered[signing] = response.status;
        await response.body?.cancel();
      }
      expect(answered).toEqual(row.expect);
    });
  }
});
