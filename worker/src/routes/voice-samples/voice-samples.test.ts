import { env } from "cloudflare:test";
import { VOICE_SAMPLES } from "@nikki/core";
import { describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { liveServices } from "../../services";
import { call, signUp } from "../../../test/accounts";
import { SIMULATED } from "../../../test/simulators";

/** The simulator's speech requests that match: other files' work (greetings rendered ahead) speaks beside these tests. */
const speechRequests = async (match: (request: { input: string; voice: string }) => boolean) =>
  ((await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__speech-requests`)).json()) as { input: string; voice: string }[]).filter(match).length;
const saying = (input: string) => (request: { input: string }) => request.input === input;
const coral = (request: { input: string; voice: string }) => request.voice === "coral" && request.input.includes("I'm Coral");

describe("GET /api/voice-samples/:intent", () => {
  it("speaks the sample in the house voice once, then serves it from the edge cache", async () => {
    const before = await speechRequests(saying(VOICE_SAMPLES.greeting));
    const first = await call("/api/voice-samples/greeting");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^audio\//);
    const audio = new Uint8Array(await first.arrayBuffer());
    expect(new TextDecoder().decode(audio.slice(0, 4))).toBe("RIFF");
    const second = await call("/api/voice-samples/greeting");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect((await second.arrayBuffer()).byteLength).toBe(audio.byteLength);
    expect(await speechRequests(saying(VOICE_SAMPLES.greeting))).toBe(before + 1);
  });

  it("answers 404 for an unknown intent", async () => {
    const response = await call("/api/voice-samples/karaoke");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('There is no voice sample called "karaoke".');
  });

  it("answers a clear 503 without OPENAI_API_KEY", async () => {
    const response = await createApp(liveServices).request("https://nikki.test/api/voice-samples/services", {}, { ...env, OPENAI_API_KEY: undefined });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: "samples_unavailable", message: "Voice samples are not available: OPENAI_API_KEY is not set on this server." },
    });
  });
});

describe("GET /api/voice-samples/voices/:voice", () => {
  it("previews an agent voice in that voice, once, for signed-in people; refuses voices live calls cannot use", async () => {
    const owner = await signUp({ company: "Voices Co" });
    expect((await call("/api/voice-samples/voices/coral")).status).toBe(401);
    const before = await speechRequests(coral);
    const first = await call("/api/voice-samples/voices/coral", { cookie: owner.cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^audio\//);
    expect(await speechRequests(coral)).toBe(before + 1);
    const cached = await call("/api/voice-samples/voices/coral", { cookie: owner.cookie });
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect((await cached.arrayBuffer()).byteLength).toBeGreaterThan(44);
    expect(await speechRequests(coral)).toBe(before + 1);
    expect((await call("/api/voice-samples/voices/nova", { cookie: owner.cookie })).status).toBe(404);
  });
});
