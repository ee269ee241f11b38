import { SELF, env } from "cloudflare:test";
import { stripeSignature } from "@nikki/simulators/stripe-signature";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../src/db/client";
import { DEMO, seedDemoOrganization } from "../src/db/seed";
import { planeRequest } from "../src/call/plane-auth";
import { computeTwilioSignature } from "@nikki/core/twilio-signature";
import { BASE } from "./post-json";
import { SIMULATED } from "./simulators";
import { servedRoutes } from "./served-routes";
import { anyCaller, callSid } from "./twilio";

/**
 * The providers' routes (/twilio/*, /webhooks/*) and the media plane's (/internal/*) × {unsigned, signed with the wrong
 * secret, signed} → the status each must answer. A signature takes the place of a role: a route the app serves there
 * without a row here fails the first test, so a new webhook cannot ship unverified.
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

const inboundCall = () => ({ CallSid: callSid(), AccountSid: env.TWILIO_ACCOUNT_SID!, From: anyCaller(), To: DEMO.phoneNumber, CallStatus: "ringing" });

/** A call the webhook answered: its setup with the control plane, its plan with the media plane. */
async function answeredCall() {
  const sid = callSid();
  const answer = await twilioForm("/twilio/voice/inbound", () => ({ ...inboundCall(), CallSid: sid }))("signed");
  expect(await answer.text()).toContain("<Stream");
  return sid;
}

async function stream(signing: Signing, segment = 1) {
  const sid = await answeredCall();
  const path = `/twilio/stream/${sid}${segment > 1 ? `/${segment}` : ""}`;
  const headers: Record<string, string> = { upgrade: "websocket" };
  if (signing !== "unsigned")
    headers["x-twilio-signature"] = await computeTwilioSignature(signing === "signed" ? env.TWILIO_AUTH_TOKEN! : WRONG, `${BASE}${path}`, {});
  const response = await SELF.fetch(`${BASE}${path}`, { headers });
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

/** The media plane's requests to the control plane: signed with the secret both planes share (media/plane-auth.ts). */
function fromMediaPlane(action: string, body: object) {
  return async (signing: Signing) => {
    const url = `${BASE}/internal/calls/${await answeredCall()}/${action}`;
    if (signing === "unsigned") return SELF.fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return SELF.fetch(await planeRequest(signing === "signed" ? env.AUTH_SECRET! : WRONG, url, body));
  };
}

const MATRIX: Row[] = [
  { route: "GET /twilio/stream", send: () => SELF.fetch(`${BASE}/twilio/stream`), expect: { unsigned: 200, wrong_secret: 200, signed: 200 } },
  { route: "GET /twilio/stream/:callSid", send: (signing) => stream(signing), expect: { unsigned: 403, wrong_secret: 403, signed: 101 } },
  // A call's second stream exists only once a transfer brought the caller back (transfer.test.ts opens one): signed or not, none here.
  { route: "GET /twilio/stream/:callSid/:segment", send: (signing) => stream(signing, 2), expect: { unsigned: 403, wrong_secret: 403, signed: 403 } },
  { route: "POST /twilio/voice/inbound", send: twilioForm("/twilio/voice/inbound", inboundCall), expect: { unsigned: 403, wrong_secret: 403, signed: 200 } },
  {
    route: "POST /twilio/voice/transfer/whisper",
    send: twilioForm(`/twilio/voice/transfer/whisper?call=${callSid()}&attempt=0`, () => ({ ...inboundCall(), CallStatus: "in-progress" })),
    expect: { unsigned: 403, wrong_secret: 403, signed: 200 },
  },
  {
    route: "POST /twilio/voice/transfer/screened",
    send: twilioForm(`/twilio/voice/transfer/screened?call=${callSid()}&attempt=0`, () => ({ ...inboundCall(), CallStatus: "in-progress", Digits: "1" })),
    expect: { unsigned: 403, wrong_secret: 403, signed: 200 },
  },
  {
    route: "POST /twilio/voice/transfer/dialed",
    send: twilioForm("/twilio/voice/transfer/dialed?attempt=0", () => ({ ...inboundCall(), CallStatus: "in-progress", DialCallStatus: "no-answer" })),
    expect: { unsigned: 403, wrong_secret: 403, signed: 200 },
  },
  { route: "POST /twilio/voice/outbound", send: twilioForm("/twilio/voice/outbound", inboundCall), expect: { unsigned: 403, wrong_secret: 403, signed: 200 } },
  {
    route: "POST /twilio/voice/voicemail",
    send: twilioForm("/twilio/voice/voicemail", inboundCall),
    expect: { unsigned: 403, wrong_secret: 403, signed: 200 },
  },
  {
    route: "POST /twilio/voice/after-stream",
    send: twilioForm("/twilio/voice/after-stream", () => ({ ...inboundCall(), CallStatus: "in-progress" })),
    expect: { unsigned: 403, wrong_secret: 403, signed: 200 },
  },
  {
    route: "POST /twilio/voice/status",
    send: twilioForm("/twilio/voice/status", () => ({ ...inboundCall(), CallStatus: "completed", CallDuration: "5" })),
    expect: { unsigned: 403, wrong_secret: 403, signed: 204 },
  },
  {
    route: "POST /twilio/voice/amd",
    send: twilioForm("/twilio/voice/amd?purpose=test_call", () => ({ ...inboundCall(), AnsweredBy: "human", MachineDetectionDuration: "1200" })),
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
  {
    route: "POST /internal/calls/:callSid/tool",
    send: fromMediaPlane("tool", { name: "end_call", arguments: "{}" }),
    expect: { unsigned: 403, wrong_secret: 403, signed: 200 },
  },
  {
    route: "POST /internal/calls/:callSid/ended",
    send: fromMediaPlane("ended", { reason: "twilio_stop", transcript: [], metrics: null }),
    expect: { unsigned: 403, wrong_secret: 403, signed: 200 },
  },
  { route: "POST /internal/calls/:callSid/realtime", send: fromMediaPlane("realtime", {}), expect: { unsigned: 403, wrong_secret: 403, signed: 200 } },
  // Signed by the media plane, the plan goes only to the Twilio signature the call's stream carries: here a made-up one.
  {
    route: "POST /internal/calls/:callSid/plan",
    send: fromMediaPlane("plan", { signature: "not-twilio" }),
    expect: { unsigned: 403, wrong_secret: 403, signed: 200 },
  },
  { route: "POST /internal/calls/:callSid/greeting", send: fromMediaPlane("greeting", {}), expect: { unsigned: 403, wrong_secret: 403, signed: 200 } },
  {
    route: "POST /internal/calls/:callSid/live",
    send: fromMediaPlane("live", { first: 0, lines: [], done_at: [], latency: { greeting_ms: 1, first_turn: 0, voice_to_voice_ms: [502] } }),
    expect: { unsigned: 403, wrong_secret: 403, signed: 204 },
  },
  // The media plane's lease on who may still listen: signed, no member named, nobody allowed.
  {
    route: "POST /internal/calls/:callSid/listeners",
    send: fromMediaPlane("listeners", { organization_id: "org_matrix", user_ids: [] }),
    expect: { unsigned: 403, wrong_secret: 403, signed: 200 },
  },
  // No take-over was asked for this call: signed, the hand-over finds nothing to do.
  { route: "POST /internal/calls/:callSid/hand-over", send: fromMediaPlane("hand-over", {}), expect: { unsigned: 403, wrong_secret: 403, signed: 204 } },
];

const PROVIDER_ROUTE = (route: string) => / \/(twilio|webhooks|internal)\//.test(route);

// The stream and the media plane's routes concern a call the webhook answered: the demo number's agent takes it.
beforeAll(() => seedDemoOrganization(createD1Database(env.DB), "unused-password-hash"));

describe("the signature × route matrix", () => {
  it("has a row for every /twilio, /webhooks and /internal route the app serves", () => {
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
