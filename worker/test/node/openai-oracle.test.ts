import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { OPENAI_MODELS } from "@nikki/core";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenAiError, liveOpenAiClient } from "../../src/services/openai/client";
import { type Captured, startCaptureServer } from "./capture-server";

/**
 * The worker speaks to OpenAI over fetch; the official SDK is the oracle: the same calls made both ways must reach the
 * wire as the same requests, be retried alike, and fail with the same status and code.
 */
const KEY = "sk-oracle";
const completion = (content: string) =>
  JSON.stringify({
    id: "chatcmpl_1",
    object: "chat.completion",
    created: 1,
    model: OPENAI_MODELS.chat,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });

let server: Awaited<ReturnType<typeof startCaptureServer>>;
let sdk: OpenAI;
let ours: ReturnType<typeof liveOpenAiClient>;

beforeAll(async () => {
  server = await startCaptureServer((request) => {
    if (request.url === "/v1/audio/speech") return { status: 200, headers: { "content-type": "audio/wav" }, body: new Uint8Array([82, 73, 70, 70]) };
    if (request.url === "/v1/realtime/client_secrets")
      return { status: 200, body: JSON.stringify({ value: "ek_oracle", expires_at: 1_900_000_000, session: {} }) };
    return { status: 200, body: completion('{"ok":true}') };
  });
  sdk = new OpenAI({ apiKey: KEY, baseURL: `${server.baseUrl}/v1`, maxRetries: 1 });
  ours = liveOpenAiClient({ apiKey: KEY, baseUrl: `${server.baseUrl}/v1/` });
});
afterAll(() => server.close());

/** What must be equal on the wire: the method, the path, the key, what is accepted and the JSON body. */
const wire = (request: Captured) => ({
  method: request.method,
  url: request.url,
  authorization: request.headers.authorization,
  accept: request.headers.accept,
  contentType: request.headers["content-type"],
  body: JSON.parse(request.body) as unknown,
});

const schema = { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"], additionalProperties: false };
const secretSession = {
  type: "realtime",
  model: "gpt-realtime",
  instructions: "Be brief.",
  audio: { input: { turn_detection: { type: "server_vad" }, transcription: { model: OPENAI_MODELS.transcription } }, output: { voice: "marin" } },
} as const;

describe.each([
  {
    call: "a chat answered in JSON",
    sdk: () =>
      sdk.chat.completions.create(
        {
          model: OPENAI_MODELS.chat,
          messages: [
            { role: "system", content: "Sort it." },
            { role: "user", content: "A call." },
          ],
          response_format: { type: "json_schema", json_schema: { name: "sorted", strict: true, schema } },
        },
        { timeout: 30_000 },
      ),
    ours: () => ours.chatJson({ system: "Sort it.", user: "A call.", schemaName: "sorted", schema }),
  },
  {
    call: "a plain chat",
    sdk: () => sdk.chat.completions.create({ model: OPENAI_MODELS.chat, messages: [{ role: "user", content: "Hello" }], max_completion_tokens: 40 }),
    ours: () => ours.chatText({ messages: [{ role: "user", content: "Hello" }], maxTokens: 40 }),
  },
  {
    call: "text to speech",
    sdk: () => sdk.audio.speech.create({ model: OPENAI_MODELS.speech, voice: "alloy", input: "Hi there", response_format: "wav" }),
    ours: () => ours.speech({ voice: "alloy", input: "Hi there", format: "wav" }),
  },
  {
    call: "a Realtime client secret",
    sdk: () => sdk.realtime.clientSecrets.create({ expires_after: { anchor: "created_at", seconds: 60 }, session: secretSession }),
    ours: () => ours.realtimeClientSecret({ model: "gpt-realtime", instructions: "Be brief.", voice: "marin", ttlSeconds: 60 }),
  },
])("$call", ({ sdk: bySdk, ours: byOurs }) => {
  it("reaches the wire as the SDK sends it", async () => {
    const [expected, actual] = (await server.sentByEach([bySdk, byOurs])).map((sent) => sent[0]);
    expect(wire(actual!)).toEqual(wire(expected!));
  });

  it("is sent once more after a rate limit, as long as the answer asks", async () => {
    const limited = { status: 429, headers: { "retry-after-ms": "20" }, body: JSON.stringify({ error: { type: "requests", code: "rate_limit_exceeded" } }) };
    const [bySdkSent, byOursSent] = await server.sentByEach([bySdk, byOurs], limited);
    expect([bySdkSent!.length, byOursSent!.length]).toEqual([2, 2]);
  });
});

describe("an error answer", () => {
  const quota = {
    status: 429,
    headers: { "retry-after-ms": "10" },
    body: JSON.stringify({ error: { message: "You exceeded your current quota", type: "insufficient_quota", code: "insufficient_quota" } }),
  };

  it("fails with the SDK's status and code once the retry fails too", async () => {
    server.script(quota, quota);
    const bySdk = await sdk.chat.completions
      .create({ model: OPENAI_MODELS.chat, messages: [{ role: "user", content: "Hi" }] })
      .catch((error: unknown) => error);
    expect(server.take()).toHaveLength(2);
    server.script(quota, quota);
    const byOurs = await ours.chatText({ messages: [{ role: "user", content: "Hi" }], maxTokens: 10 }).catch((error: unknown) => error);
    expect(server.take()).toHaveLength(2);
    expect(bySdk).toBeInstanceOf(OpenAI.APIError);
    expect(byOurs).toBeInstanceOf(OpenAiError);
    expect({ status: (byOurs as OpenAiError).status, code: (byOurs as OpenAiError).code }).toEqual({
      status: (bySdk as InstanceType<typeof OpenAI.APIError>).status,
      code: (bySdk as InstanceType<typeof OpenAI.APIError>).code,
    });
  });

  it("is not sent again when OpenAI refuses the request itself (400), and its type stands in for a missing code", async () => {
    const refused = { status: 400, body: JSON.stringify({ error: { message: "Bad voice", type: "invalid_request_error", code: null } }) };
    server.script(refused);
    const byOurs = await ours.speech({ voice: "nova", input: "Hi" }).catch((error: unknown) => error);
    expect(server.take()).toHaveLength(1);
    expect(byOurs).toMatchObject({ status: 400, code: "invalid_request_error" });
  });

  it("is retried after a dropped connection, as the SDK does", async () => {
    let attempts = 0;
    const dropsFirst = createServer((request, response) => {
      attempts += 1;
      if (attempts === 1) return void request.socket.destroy();
      response.writeHead(200, { "content-type": "application/json" }).end(completion("fine"));
    });
    await new Promise<void>((resolve) => dropsFirst.listen(0, "127.0.0.1", resolve));
    const baseUrl = `http://127.0.0.1:${(dropsFirst.address() as AddressInfo).port}`;
    await expect(liveOpenAiClient({ apiKey: KEY, baseUrl }).chatText({ messages: [{ role: "user", content: "Hi" }], maxTokens: 5 })).resolves.toBe("fine");
    expect(attempts).toBe(2);
    dropsFirst.close();
  });
});
