import { createServer, type Server } from "node:http";
import { startTwilioRestSimulator, type TwilioRestSimulator } from "@nikki/simulators/twilio-rest";
import { CALLEE_LINE, VOICEMAIL_GREETING } from "@nikki/simulators/twilio-callee";
import { decodeText } from "@nikki/simulators/speech-codec";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { freePorts } from "@nikki/dev/free-port";

const ACCOUNT = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "12345678901234567890123456789012";

interface Hit {
  path: string;
  params: Record<string, string>;
  signed: boolean;
}

/**
 * A stand-in for the worker: answers the call's TwiML (a <Connect><Stream> to its own websocket), greets on the
 * stream, and records every webhook Twilio sends (checked with Twilio's own library) and what the callee said.
 */
let app: Server;
let streams: WebSocketServer;
let base: string;
let simulator: TwilioRestSimulator;
let client: ReturnType<typeof twilio>;
const hits: Hit[] = [];
const heard: string[] = [];
let streamStarts: Record<string, unknown>[] = [];
const streamAnswer = () =>
  `<Response><Connect action="${base}/action"><Stream url="${base.replace("http", "ws")}/stream"><Parameter name="callId" value="call_1"/></Stream></Connect></Response>`;
/** The TwiML the next call fetches; a test sets what it needs. */
let answer = streamAnswer;
/** Whether the stand-in closes the stream itself after hearing the callee (the bridge ends the call). */
let bridgeHangsUp = false;

beforeAll(async () => {
  const [appPort, twilioPort] = (await freePorts(2)) as [number, number];
  base = `http://127.0.0.1:${appPort}`;
  app = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const params = Object.fromEntries(new URLSearchParams(body));
    const url = `${base}${request.url}`;
    hits.push({ path: request.url ?? "", params, signed: twilio.validateRequest(TOKEN, String(request.headers["x-twilio-signature"]), url, params) });
    const xml = request.url === "/twiml" ? answer() : request.url === "/action" ? "<Response><Say>Goodbye.</Say><Hangup/></Response>" : "";
    response.writeHead(xml ? 200 : 204, { "content-type": "text/xml" }).end(xml);
  });
  streams = new WebSocketServer({ server: app });
  streams.on("connection", (socket) => {
    let streamSid = "";
    let audio: Buffer[] = [];
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw)) as { event: string; start?: { streamSid: string }; media?: { payload: string } };
      if (message.event === "start") {
        streamStarts.push(message.start as Record<string, unknown>);
        streamSid = message.start!.streamSid;
        // The agent's greeting: 200 ms of audio.
        const frame = Buffer.alloc(160, 0xff).toString("base64");
        for (let i = 0; i < 10; i++) socket.send(JSON.stringify({ event: "media", streamSid, media: { payload: frame } }));
      }
      if (message.event === "media") {
        audio.push(Buffer.from(message.media!.payload, "base64"));
        const text = decodeText(Buffer.concat(audio));
        if (text) {
          heard.push(text);
          audio = [];
          if (bridgeHangsUp) socket.close();
          // The agent answers once the callee has finished talking (their line is about 1.4 s of audio).
          else
            setTimeout(() => socket.send(JSON.stringify({ event: "media", streamSid, media: { payload: Buffer.alloc(160, 0xff).toString("base64") } })), 2_000);
        }
      }
    });
  });
  await new Promise<void>((resolve) => app.listen(appPort, "127.0.0.1", resolve));
  simulator = await startTwilioRestSimulator({ port: twilioPort, accountSid: ACCOUNT, authToken: TOKEN });
  client = twilio(ACCOUNT, TOKEN);
  client.api.baseUrl = simulator.baseUrl;
});

afterAll(async () => {
  await simulator.close();
  streams.close();
  await new Promise((resolve) => app.close(resolve));
});

const callbacks = (sid: string) => hits.filter((hit) => hit.path === "/status" && hit.params.CallSid === sid);
const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe("the Twilio simulator places the calls it is asked for, as Twilio does", { timeout: 30_000 }, () => {
  it("rings, fetches the TwiML from Url, streams to the callee, who says a line and hangs up; the status callbacks come in Twilio's form", async () => {
    hits.length = 0;
    heard.length = 0;
    streamStarts = [];
    const call = await client.calls.create({
      from: "+15125550137",
      to: "+15125550199",
      url: `${base}/twiml`,
      statusCallback: `${base}/status`,
      statusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
    });
    expect(call.status).toBe("queued");
    await until(() => callbacks(call.sid).some((hit) => hit.params.CallStatus === "completed"));
    const fetched = hits.find((hit) => hit.path === "/twiml");
    expect(fetched).toMatchObject({
      signed: true,
      params: { CallSid: call.sid, CallStatus: "in-progress", Direction: "outbound-api", From: "+15125550137", To: "+15125550199" },
    });
    expect(streamStarts[0]).toMatchObject({ callSid: call.sid, customParameters: { callId: "call_1" } });
    expect(heard).toEqual([CALLEE_LINE]);
    const events = callbacks(call.sid);
    expect(events.map((hit) => hit.params.CallStatus)).toEqual(["initiated", "ringing", "in-progress", "completed"]);
    expect(events.map((hit) => hit.params.SequenceNumber)).toEqual(["0", "1", "2", "3"]);
    expect(
      events.every(
        (hit) => hit.signed && hit.params.CallbackSource === "call-progress-events" && /^\w{3}, \d\d \w{3} \d{4} [\d:]{8} \+0000$/.test(hit.params.Timestamp!),
      ),
    ).toBe(true);
    expect(events.at(-1)!.params).toMatchObject({
      AccountSid: ACCOUNT,
      Direction: "outbound-api",
      CallDuration: expect.stringMatching(/^\d+$/),
      Duration: expect.stringMatching(/^\d+$/),
    });
    // The callee hung up: no <Connect> action was asked.
    expect(hits.some((hit) => hit.path === "/action")).toBe(false);
    expect((await client.calls(call.sid).fetch()).status).toBe("completed");
  });

  it("by default sends the completed callback alone; when the far side closes the stream, asks the <Connect> action and runs its TwiML", async () => {
    hits.length = 0;
    bridgeHangsUp = true;
    const call = await client.calls.create({ from: "+15125550137", to: "+15125550199", url: `${base}/twiml`, statusCallback: `${base}/status` });
    await until(() => callbacks(call.sid).length > 0);
    bridgeHangsUp = false;
    expect(hits.find((hit) => hit.path === "/action")).toMatchObject({ signed: true, params: { CallSid: call.sid } });
    expect(callbacks(call.sid).map((hit) => hit.params.CallStatus)).toEqual(["completed"]);
  });

  it("honours call updates: new TwiML replaces the stream, and Status=completed ends the call", async () => {
    hits.length = 0;
    answer = () => `<Response><Pause length="2"/><Say>Still there?</Say><Pause length="2"/></Response>`;
    const call = await client.calls.create({ from: "+15125550137", to: "+15125550199", url: `${base}/twiml`, statusCallback: `${base}/status` });
    await until(() => hits.some((hit) => hit.path === "/twiml"));
    await client.calls(call.sid).update({ twiml: `<Response><Redirect>${base}/action</Redirect></Response>` });
    await until(() => callbacks(call.sid).length > 0);
    expect(hits.some((hit) => hit.path === "/action" && hit.params.CallSid === call.sid)).toBe(true);

    const ended = await client.calls.create({ from: "+15125550137", to: "+15125550199", url: `${base}/twiml`, statusCallback: `${base}/status` });
    await until(() => hits.some((hit) => hit.path === "/twiml" && hit.params.CallSid === ended.sid));
    await client.calls(ended.sid).update({ status: "completed" });
    await until(() => callbacks(ended.sid).length > 0, 1_000);
    expect(callbacks(ended.sid)[0]!.params.CallStatus).toBe("completed");
  });
});

describe("answering machine detection, as Twilio runs it", { timeout: 60_000 }, () => {
  const FROM = "+15125550137";
  const detections = (sid: string) => hits.filter((hit) => hit.path.startsWith("/amd") && hit.params.CallSid === sid);
  const placedCalls = async () =>
    (await (await fetch(`${simulator.baseUrl}/__calls`)).json()) as {
      sid: string;
      callee: string;
      status: string;
      answered_by: string | null;
      heard: string[];
    }[];
  async function place(to: string, answers: "human" | "machine" | "fax", options: { machineDetection?: string; asyncAmd?: string } = {}) {
    const set = await fetch(`${simulator.baseUrl}/__callees`, { method: "POST", body: JSON.stringify({ phone_number: to, answers }) });
    expect(set.status).toBe(200);
    answer = streamAnswer;
    return client.calls.create({
      from: FROM,
      to,
      url: `${base}/twiml`,
      statusCallback: `${base}/status`,
      machineDetection: options.machineDetection ?? "DetectMessageEnd",
      asyncAmd: options.asyncAmd ?? "true",
      asyncAmdStatusCallback: `${base}/amd?purpose=test_call`,
    });
  }

  it("a voicemail plays its greeting and a beep at once; machine_end_beep comes after them, and a message left by a call update is heard before the hang-up", async () => {
    heard.length = 0;
    const started = Date.now();
    const call = await place("+15125550301", "machine");
    await until(() => detections(call.sid).length > 0, 20_000);
    const [detected] = detections(call.sid);
    expect(detected).toMatchObject({
      path: "/amd?purpose=test_call",
      signed: true,
      params: { AccountSid: ACCOUNT, CallSid: call.sid, AnsweredBy: "machine_end_beep", MachineDetectionDuration: expect.stringMatching(/^\d+$/) },
    });
    // The greeting was played on the stream before the verdict, which waited for its end.
    expect(heard).toContain(VOICEMAIL_GREETING);
    expect(Number(detected!.params.MachineDetectionDuration)).toBeGreaterThan(3_000);
    expect(Date.now() - started).toBeGreaterThan(Number(detected!.params.MachineDetectionDuration));
    await client.calls(call.sid).update({ twiml: "<Response><Say>Sorry we missed you. Goodbye.</Say><Hangup/></Response>" });
    await until(() => callbacks(call.sid).some((hit) => hit.params.CallStatus === "completed"));
    expect((await placedCalls()).find((placed) => placed.sid === call.sid)).toMatchObject({
      callee: "machine",
      status: "completed",
      answered_by: "machine_end_beep",
      heard: ["Sorry we missed you. Goodbye."],
    });
  });

  it("a person is told as human and a fax as fax soon after the answer, while the call goes on", async () => {
    const person = await place("+15125550302", "human");
    const fax = await place("+15125550303", "fax");
    await until(() => detections(person.sid).length > 0 && detections(fax.sid).length > 0);
    expect(detections(person.sid)[0]!.params.AnsweredBy).toBe("human");
    expect(detections(fax.sid)[0]!.params.AnsweredBy).toBe("fax");
    expect((await client.calls(person.sid).fetch()).status).toBe("in-progress");
    await client.calls(fax.sid).update({ status: "completed" });
    await until(() => callbacks(person.sid).length > 0 && callbacks(fax.sid).length > 0, 30_000);
    expect(detections(person.sid)).toHaveLength(1);
  });

  it("without AsyncAmd, waits for the verdict and sends AnsweredBy with the TwiML request (Enable: machine_start)", async () => {
    const call = await place("+15125550304", "machine", { machineDetection: "Enable", asyncAmd: "false" });
    await until(() => hits.some((hit) => hit.path === "/twiml" && hit.params.CallSid === call.sid));
    expect(hits.find((hit) => hit.path === "/twiml" && hit.params.CallSid === call.sid)!.params.AnsweredBy).toBe("machine_start");
    expect(detections(call.sid)).toHaveLength(0);
    await client.calls(call.sid).update({ status: "completed" });
    await until(() => callbacks(call.sid).length > 0);
  });
});
