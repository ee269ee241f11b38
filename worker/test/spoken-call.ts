/** A caller speaking on a live call in a worker test: their words as the simulated recogniser hears them, and waiting for Nikki. */
import { encodeText } from "@nikki/simulators/speech-codec";
import { env } from "cloudflare:test";
import { SILENT, mediaMessage, openStream, ringInbound, startMessage, twilioPost, until } from "./twilio";

/** What the caller says, as the simulated recogniser hears it (speech-codec.ts), in 20 ms frames. */
export function spoken(text: string): string[] {
  const codes = Uint8Array.from(encodeText(text));
  const frames: string[] = [];
  for (let offset = 0; offset < codes.length; offset += 160) {
    const frame = Uint8Array.from({ length: 160 }, (_, i) => codes[offset + i] ?? 0xff);
    frames.push(btoa(String.fromCharCode(...frame)));
  }
  return frames;
}

/** Waits until no new message has come from the bridge for a while (Nikki finished her answer). */
export async function quiet(received: unknown[]) {
  let heard = -1;
  while (heard !== received.length) {
    heard = received.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * An inbound call from `from` to `to` through the webhook and a signed stream, the greeting heard; `say()` speaks a line
 * and waits for Nikki's answer, `hangUp()` ends it as Twilio does and waits for the call to be analysed.
 */
export async function liveCall(sid: string, from: string, to: string) {
  const answer = await ringInbound(sid, to, from);
  const twiml = await answer.text();
  const callId = /<Parameter name="callId" value="([^"]+)"/.exec(twiml)?.[1];
  const token = /<Parameter name="token" value="([^"]+)"/.exec(twiml)?.[1];
  if (!callId || !token) throw new Error(`the call was not streamed: ${twiml}`);
  const stream = await openStream(sid);
  stream.socket.send(startMessage(sid, { callId, token }));
  await until(() => stream.received.some((m) => m.event === "media"));
  await quiet(stream.received);
  let t = 0;
  return {
    callId,
    /** What the bridge sent Twilio's side so far. */
    received: stream.received,
    async say(line: string) {
      const before = stream.received.length;
      for (const frame of [...spoken(line), ...Array.from({ length: 30 }, () => SILENT)]) stream.socket.send(mediaMessage(sid, (t += 20), frame));
      await until(() => stream.received.slice(before).some((m) => m.event === "media"));
      await quiet(stream.received);
    },
    async hangUp() {
      stream.socket.send(JSON.stringify({ event: "stop", sequenceNumber: "99", streamSid: `MZ${sid.slice(2)}`, stop: { callSid: sid } }));
      await twilioPost("/twilio/voice/status", { CallSid: sid, CallStatus: "completed", CallDuration: "20", AccountSid: env.TWILIO_ACCOUNT_SID! });
      return until(async () => {
        const row = await env.DB.prepare("select * from calls where id = ?").bind(callId).first<Record<string, string | null>>();
        return row?.processing_status === "processed" ? row : null;
      }, 20_000);
    },
  };
}
