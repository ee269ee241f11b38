/**
 * The benchmark's baseline: a bare relay in the same runtime as the product (workerd, run by Miniflare), doing only
 * what any bridge must: answer the voice webhook with a <Stream>, open the model's session when the stream starts,
 * and forward frames both ways (caller audio → input_audio_buffer.append; audio deltas → media; speech_started →
 * clear). No signature checks, tickets, database, protocol state, marks, transcripts or tools. With `durableObject`,
 * each call's stream runs in a Durable Object of its own, as the product's CallSession does: the same relay, one hop
 * further, which tells the cost of that placement apart from the product's own work.
 */
import { readFileSync } from "node:fs";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { ROOT } from "@nikki/dev/local";

/** The product's own compatibility date, so both run on the same runtime behaviour. */
const COMPATIBILITY_DATE = /^compatibility_date = "([\d-]+)"/m.exec(readFileSync(`${ROOT}/wrangler.toml`, "utf8"))![1]!;

const RELAY = /* js */ `
import { DurableObject } from "cloudflare:workers";

export class RelaySession extends DurableObject {
  fetch(request) {
    return relay(request, this.env);
  }
}

export default {
  fetch(request, env) {
    const path = new URL(request.url).pathname;
    if (env.IN_DURABLE_OBJECT === "1" && path.startsWith("/relay/")) return env.RELAY_SESSION.get(env.RELAY_SESSION.idFromName(path)).fetch(request);
    return relay(request, env);
  },
};

async function relay(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/twilio/voice/inbound") {
      const sid = (await request.formData()).get("CallSid");
      const stream = "ws://" + url.host + "/relay/" + sid;
      return new Response('<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="' + stream + '"><Parameter name="callId" value="' + sid + '"/><Parameter name="token" value="relay"/></Stream></Connect></Response>', { headers: { "content-type": "text/xml" } });
    }
    if (!url.pathname.startsWith("/relay/")) return new Response(null, { status: 204 });
    const [client, twilio] = Object.values(new WebSocketPair());
    twilio.accept();
    let openai = null;
    let streamSid = null;
    const waiting = [];
    twilio.addEventListener("message", async (event) => {
      const message = JSON.parse(event.data);
      if (message.event === "media") {
        const append = JSON.stringify({ type: "input_audio_buffer.append", audio: message.media.payload });
        if (openai) openai.send(append);
        else waiting.push(append);
      } else if (message.event === "start") {
        streamSid = message.start.streamSid;
        const response = await fetch(env.REALTIME_URL, { headers: { upgrade: "websocket", authorization: "Bearer " + env.OPENAI_API_KEY } });
        const socket = response.webSocket;
        socket.accept();
        socket.addEventListener("message", (event) => {
          const model = JSON.parse(event.data);
          if (model.type === "response.output_audio.delta") twilio.send(JSON.stringify({ event: "media", streamSid, media: { payload: model.delta } }));
          else if (model.type === "input_audio_buffer.speech_started") twilio.send(JSON.stringify({ event: "clear", streamSid }));
        });
        socket.send(JSON.stringify({ type: "session.update", session: { type: "realtime" } }));
        socket.send(JSON.stringify({ type: "response.create", response: {} }));
        for (const append of waiting.splice(0)) socket.send(append);
        openai = socket;
      } else if (message.event === "stop") {
        openai?.close(1000);
        twilio.close(1000);
      }
    });
    twilio.addEventListener("close", () => openai?.close(1000));
    return new Response(null, { status: 101, webSocket: client });
}
`;

export async function startBareRelay(options: { port: number; realtimeUrl: string; apiKey: string; durableObject?: boolean }) {
  const relay = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          name: "bare-relay",
          modules: true,
          script: RELAY,
          compatibilityDate: COMPATIBILITY_DATE,
          bindings: { REALTIME_URL: options.realtimeUrl, OPENAI_API_KEY: options.apiKey, IN_DURABLE_OBJECT: options.durableObject ? "1" : "0" },
          durableObjects: { RELAY_SESSION: { className: "RelaySession", useSQLite: true } },
        },
      ],
      host: "127.0.0.1",
      port: options.port,
    } as never),
  );
  await relay.ready;
  return { dispose: () => relay.dispose() };
}
