import { createServer, type Server } from "node:http";
import { freePorts } from "@nikki/dev/free-port";
import { placeSimulatedCall } from "@nikki/simulators/twilio-caller";
import type { TwilioRestSimulator } from "@nikki/simulators/twilio-rest";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT, type Hit, TOKEN, hitOf, listenWithTwilio } from "./twilio-stand-in";

const BUSINESS = "+15125550100";
/** How the product answers a number it blocked: a short message and the line hung up, no stream. */
const REFUSAL = "<Response><Say>Sorry, this number can't take your call. Goodbye.</Say><Hangup/></Response>";

/** A stand-in for the worker: refuses every inbound call, answers a placed call's TwiML, and records every webhook (checked with Twilio's own library). */
let app: Server;
let base: string;
let simulator: TwilioRestSimulator;
let client: ReturnType<typeof twilio>;
const hits: Hit[] = [];

beforeAll(async () => {
  const [appPort, twilioPort] = (await freePorts(2)) as [number, number];
  base = `http://127.0.0.1:${appPort}`;
  app = createServer(async (request, response) => {
    hits.push(await hitOf(request, base));
    const xml = request.url === "/twilio/voice/inbound" ? REFUSAL : request.url === "/twiml" ? "<Response><Say>Hello.</Say></Response>" : "";
    response.writeHead(xml ? 200 : 204, { "content-type": "text/xml" }).end(xml);
  });
  ({ simulator, client } = await listenWithTwilio(app, appPort, twilioPort));
});

afterAll(async () => {
  await simulator.close();
  await new Promise((resolve) => app.close(resolve));
});

const statusCallbacks = (sid: string) => hits.filter((hit) => hit.path === "/twilio/voice/status" && hit.params.CallSid === sid);
const fault = (path: string, count = 1, status?: number) =>
  fetch(`${simulator.baseUrl}/__faults`, { method: "POST", body: JSON.stringify({ path, count, ...(status ? { status } : {}) }) });
let callers = 0;
const inboundCall = (from = `+1415555${String(7000 + ++callers)}`, twilioRestUrl: string | undefined = simulator.baseUrl) =>
  placeSimulatedCall({ baseUrl: base, publicBaseUrl: base, authToken: TOKEN, accountSid: ACCOUNT, from, to: BUSINESS, tag: callers, twilioRestUrl });

describe("Twilio's record of calls, and the status callbacks a fault loses", { timeout: 30_000 }, () => {
  it("ends a call answered with words and <Hangup/> (no stream) with its final status callback, and keeps the call's record in Twilio's format", async () => {
    const report = await inboundCall();
    expect(report.voicemail).toBe(true);
    const [ended] = statusCallbacks(report.callSid);
    expect(ended).toMatchObject({ signed: true, params: { AccountSid: ACCOUNT, CallStatus: "completed", CallDuration: expect.stringMatching(/^[1-9]\d*$/) } });

    const record = await client.calls(report.callSid).fetch();
    expect(record).toMatchObject({
      sid: report.callSid,
      accountSid: ACCOUNT,
      status: "completed",
      direction: "inbound",
      to: BUSINESS,
      toFormatted: "(512) 555-0100",
      duration: ended!.params.CallDuration,
      price: "-0.00850",
      priceUnit: "USD",
      apiVersion: "2010-04-01",
    });
    expect(record.startTime).toBeInstanceOf(Date);
    expect(record.endTime.getTime()).toBeGreaterThanOrEqual(record.startTime.getTime());
    expect((await client.calls.list({ to: BUSINESS, limit: 50 })).map((call) => call.sid)).toContain(report.callSid);

    // A caller that does not tell the REST simulator of its call still ends it with the callback.
    const untold = await inboundCall(undefined, undefined);
    expect(statusCallbacks(untold.callSid)).toHaveLength(1);
  });

  it("loses the final status callback of the calls a fault names (once each), while Twilio's record says they ended", async () => {
    const from = "+14155557999";
    expect((await fault(`/status-callbacks/${from}`)).status).toBe(201);
    const lost = await inboundCall(from);
    expect(statusCallbacks(lost.callSid)).toEqual([]);
    expect(await client.calls(lost.callSid).fetch()).toMatchObject({ status: "completed", direction: "inbound" });
    const next = await inboundCall(from);
    expect(statusCallbacks(next.callSid)).toHaveLength(1);

    // A call the simulator places loses its own the same way (named by its number here).
    const to = "+15125550177";
    await fault(`/status-callbacks/${to}`);
    const placed = await client.calls.create({ from: BUSINESS, to, url: `${base}/twiml`, statusCallback: `${base}/status` });
    const deadline = Date.now() + 15_000;
    while ((await client.calls(placed.sid).fetch()).status !== "completed") {
      if (Date.now() > deadline) throw new Error("the placed call never ended");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hits.filter((hit) => hit.path === "/status" && hit.params.CallSid === placed.sid)).toEqual([]);
  });

  it("answers a REST fault in Twilio's error form before acting, once, then the resource again", async () => {
    const report = await inboundCall();
    await fault(`/2010-04-01/Accounts/${ACCOUNT}/Calls/${report.callSid}.json`, 1, 503);
    await expect(client.calls(report.callSid).fetch()).rejects.toMatchObject({ status: 503 });
    expect((await client.calls(report.callSid).fetch()).status).toBe("completed");
    await expect(client.calls(`CA${"0".repeat(32)}`).fetch()).rejects.toMatchObject({ status: 404 });
  });
});
