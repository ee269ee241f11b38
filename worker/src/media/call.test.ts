import { PUBLIC_URL_POLICY, type UrlPolicy } from "@nikki/core";
import { describe, expect, it } from "vitest";
import { streamSignatures } from "@nikki/core/twilio-signature";
import { mintToken } from "../call/stream-ticket";
import { SIMULATED } from "../../test/simulators";
import { callSid, startMessage, until } from "../../test/twilio";
import type { CallEnd } from "../call/plan";
import { mediaCall, openSigned, plan } from "../../test/media-call";

const stop = (sid: string) => JSON.stringify({ event: "stop", streamSid: `MZ${sid.slice(2)}`, stop: { callSid: sid } });
const media = (received: string[]) => received.filter((message) => message.includes('"event":"media"'));

describe("a call's media (MediaCall)", () => {
  it("closes Twilio's stream with 1011 and a reason when it fails inside (a greeting entry that is not frames), never leaving it open", async () => {
    const sid = callSid();
    const token = mintToken();
    const { call, offer } = mediaCall(sid, { greetings: { get: async () => ({ length: 160 }) } as unknown as Pick<KVNamespace, "get"> });
    offer({ ...(await plan(sid, token)), greetingKey: "greeting:broken" });
    const stream = await openSigned(call, sid);
    stream.socket.send(startMessage(sid, { callId: "call", token }));
    expect(await until(() => stream.closed())).toEqual({ code: 1011, reason: "The call could not continue: an internal error on the voice bridge" });
    expect(media(stream.received)).toEqual([]);
  });

  it("asks for its plan when the stream arrives, and refuses the stream when the control plane has none for it", async () => {
    const sid = callSid();
    const { call } = mediaCall(sid);
    await expect(openSigned(call, sid)).rejects.toThrow("no websocket: 403");
  });

  it("stores nothing for a call whose end is handed over at once, and asks for a greeting render it did not find", async () => {
    const sid = callSid();
    const token = mintToken();
    const ends: CallEnd[] = [];
    const writes: unknown[] = [];
    const { call, offer, asked } = mediaCall(sid, {
      ends,
      put: async (entries) => void writes.push(entries),
      greetings: { get: async () => null } as unknown as Pick<KVNamespace, "get">,
    });
    offer({ ...(await plan(sid, token)), greetingKey: "greeting:missing" });
    const stream = await openSigned(call, sid);
    stream.socket.send(startMessage(sid, { callId: "call", token }));
    await until(() => media(stream.received).length > 0);
    stream.socket.send(stop(sid));
    await until(() => ends.length === 1);
    expect(ends[0]!.reason).toBe("twilio_stop");
    expect(writes).toEqual([]);
    expect(asked).toEqual(["greeting"]);
  });

  it("refuses a stream whose signature is not one the plan expects, and a ticket that is not the plan's (handing over an empty end)", async () => {
    const sid = callSid();
    const token = mintToken();
    const ends: CallEnd[] = [];
    const { call, offer } = mediaCall(sid, { ends });
    offer(await plan(sid, token));
    const open = (signature: string) =>
      call.fetch(new Request(`https://nikki.test/twilio/stream/${sid}`, { headers: { upgrade: "websocket", "x-twilio-signature": signature } }));
    expect((await open("")).status).toBe(403);
    expect((await open("anything")).status).toBe(403);
    const [wrong] = await streamSignatures("0".repeat(32), `wss://nikki.test/twilio/stream/${sid}`);
    expect((await open(wrong!)).status).toBe(403);
    const stream = await openSigned(call, sid);
    stream.socket.send(startMessage(sid, { callId: "call", token: mintToken() }));
    expect((await until(() => stream.closed())).code).toBe(1008);
    await until(() => ends.length === 1);
    expect(ends[0]).toMatchObject({ reason: "twilio_stop", transcript: [] });
    expect(media(stream.received)).toEqual([]);
  });

  it("connects to a business's own realtime URL only when this plane's URL guard allows it (the plan may predate the rule)", async () => {
    const sessionsWith = async (marker: string) =>
      ((await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__realtime-sessions`)).json()) as unknown[][]).filter((received) =>
        received.some((message) => JSON.stringify(message).includes(marker)),
      );
    const streamOwn = async (urlPolicy: UrlPolicy) => {
      const sid = callSid();
      const marker = crypto.randomUUID();
      const base = await plan(sid, mintToken());
      const { call, offer } = mediaCall(sid, { urlPolicy });
      offer({
        ...base,
        realtime: { ...base.realtime, fromBusiness: true },
        sessionUpdate: JSON.stringify({ type: "session.update", session: { type: "realtime", instructions: marker } }),
      });
      await openSigned(call, sid);
      return marker;
    };
    // The guard runs before the upgrade is sent: once the stream is accepted, a refused URL has not been asked for.
    const refused = await streamOwn(PUBLIC_URL_POLICY);
    const allowed = await streamOwn({ local: false, testAllow: [`127.0.0.1:${SIMULATED.openaiPort}`] });
    await until(async () => (await sessionsWith(allowed)).length === 1);
    expect(await sessionsWith(refused)).toEqual([]);
  });
});
