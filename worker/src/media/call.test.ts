import { PUBLIC_URL_POLICY, type UrlPolicy } from "@nikki/core";
import { describe, expect, it } from "vitest";
import { streamSignatures } from "../call/twilio-signature";
import { mintToken } from "../call/stream-ticket";
import { SIMULATED } from "../../test/simulators";
import { callSid, startMessage, until } from "../../test/twilio";
import { PLAN_WAIT_MS } from "./call";
import type { CallEnd } from "../call/plan";
import { openSigned, plan, sessionWithStorage } from "../../test/media-call";

describe("a call's media (MediaCall)", () => {
  it("closes Twilio's stream with 1011 and a reason when it fails inside (a storage write refused), never leaving it open", async () => {
    const sid = callSid();
    const token = mintToken();
    let writes = 0;
    const { call: session } = sessionWithStorage(sid, async () => {
      // The plan is stored; redeeming the ticket is refused.
      if (++writes > 1) throw new Error("injected storage failure");
    });
    await session.prepare(await plan(sid, token));
    const stream = await openSigned(session, sid);
    stream.socket.send(startMessage(sid, { callId: "call", token }));
    expect(await until(() => stream.closed())).toEqual({ code: 1011, reason: "The call could not continue: an internal error on the voice bridge" });
    expect(stream.received.filter((message) => message.includes('"event":"media"'))).toEqual([]);
  });

  it("a stream that arrives before its plan waits for it, and is refused only when none comes", async () => {
    const sid = callSid();
    const token = mintToken();
    const { call: session } = sessionWithStorage(sid, async () => undefined);
    // The webhook answers Twilio before it hands the plan over: here the stream knocks first.
    const early = openSigned(session, sid);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await session.prepare(await plan(sid, token));
    const stream = await early;
    stream.socket.send(startMessage(sid, { callId: "call", token }));
    await until(() => stream.received.some((message) => message.includes('"event":"media"')));

    const { call: never } = sessionWithStorage(callSid(), async () => undefined);
    const started = Date.now();
    await expect(openSigned(never, sid)).rejects.toThrow("no websocket: 403");
    expect(Date.now() - started).toBeGreaterThanOrEqual(PLAN_WAIT_MS - 100);
  }, 15_000);

  it("still says the call streamed once its end is handed over and its storage emptied (Twilio's final status may come after)", async () => {
    const sid = callSid();
    const token = mintToken();
    const ends: CallEnd[] = [];
    const { call: session, stored } = sessionWithStorage(sid, async () => undefined, ends);
    await session.prepare(await plan(sid, token));
    const stream = await openSigned(session, sid);
    stream.socket.send(startMessage(sid, { callId: "call", token }));
    await until(() => stream.received.some((message) => message.includes('"event":"media"')));
    stream.socket.send(JSON.stringify({ event: "stop", streamSid: `MZ${sid.slice(2)}`, stop: { callSid: sid } }));
    await until(() => ends.length === 1 && stored.size === 0);
    expect(ends[0]!.reason).toBe("twilio_stop");
    expect(await session.release()).toEqual({ streamed: true });
  });

  it("refuses a stream whose signature is not one the plan expects", async () => {
    const sid = callSid();
    const { call: session } = sessionWithStorage(sid, async () => undefined);
    const open = (signature: string) =>
      session.fetch(new Request(`https://nikki.test/twilio/stream/${sid}`, { headers: { upgrade: "websocket", "x-twilio-signature": signature } }));
    await session.prepare(await plan(sid, mintToken()));
    expect((await open("anything")).status).toBe(403);
    const [wrong] = await streamSignatures("0".repeat(32), `wss://nikki.test/twilio/stream/${sid}`);
    expect((await open(wrong!)).status).toBe(403);
  });

  it("connects to a business's own realtime URL only when this plane's URL guard allows it (the plan may predate the rule)", async () => {
    const sessionsWith = async (marker: string) =>
      ((await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__realtime-sessions`)).json()) as unknown[][]).filter((received) =>
        received.some((message) => JSON.stringify(message).includes(marker)),
      );
    const prepareOwn = async (urlPolicy: UrlPolicy) => {
      const sid = callSid();
      const marker = crypto.randomUUID();
      const base = await plan(sid, mintToken());
      const { call } = sessionWithStorage(sid, async () => undefined, [], urlPolicy);
      await call.prepare({
        ...base,
        realtime: { ...base.realtime, fromBusiness: true },
        sessionUpdate: JSON.stringify({ type: "session.update", session: { type: "realtime", instructions: marker } }),
      });
      return marker;
    };
    // The guard runs before the upgrade is sent: once prepare() is done, a refused URL has not been asked for.
    const refused = await prepareOwn(PUBLIC_URL_POLICY);
    const allowed = await prepareOwn({ local: false, testAllow: [`127.0.0.1:${SIMULATED.openaiPort}`] });
    await until(async () => (await sessionsWith(allowed)).length === 1);
    expect(await sessionsWith(refused)).toEqual([]);
  });
});
