import { describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { liveServices } from "../../services";
import { call, signUp } from "../../../test/accounts";
import { CHROME_OFFER } from "../../../test/chrome-offer";
import { SIMULATED } from "../../../test/simulators";
import { env, SELF } from "cloudflare:test";

const lastSecretRequest = async () =>
  (
    (await (await fetch(`http://127.0.0.1:${SIMULATED.openaiPort}/__client-secrets`)).json()) as {
      expires_after: { anchor: string; seconds: number };
      session: { type: string; model: string; instructions: string; audio: { output: { voice: string } } };
    }[]
  ).at(-1);

describe("GET /api/realtime/token", () => {
  it("answers 401 without a session, and mints nothing", async () => {
    const before = (await lastSecretRequest()) ?? null;
    const response = await call("/api/realtime/token");
    expect(response.status).toBe(401);
    expect((await lastSecretRequest()) ?? null).toEqual(before);
  });

  it("gives a signed-in person a 10-minute client secret for the realtime calls endpoint", async () => {
    const owner = await signUp();
    const response = await call("/api/realtime/token", { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { client_secret: { value: string; expires_at: number }; model: string; calls_url: string };
    expect(body.client_secret.value).toMatch(/^ek_sim_/);
    expect(body.client_secret.expires_at * 1000 - Date.now()).toBeGreaterThan(590_000);
    expect(body.calls_url).toBe("https://nikki.test/api/realtime/calls");
    const sent = await lastSecretRequest();
    expect(sent?.expires_after).toEqual({ anchor: "created_at", seconds: 600 });
    expect(sent?.session).toMatchObject({ type: "realtime", model: body.model, audio: { output: { voice: "alloy" } } });
    expect(sent?.session.instructions).toContain("web browser");
  });

  it("lets the health probe, signed in or not, read the status only: nothing minted", async () => {
    const owner = await signUp();
    const before = await lastSecretRequest();
    const signedIn = await call("/api/realtime/token?probe=1", { cookie: owner.cookie });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ configured: true, signed_in: true });
    expect(await (await call("/api/realtime/token?probe=1")).json()).toEqual({ configured: true, signed_in: false });
    expect(await lastSecretRequest()).toEqual(before);
  });

  it("says the demo service is offline when OPENAI_API_KEY is not set", async () => {
    const owner = await signUp();
    const response = await createApp(liveServices).request(
      "https://nikki.test/api/realtime/token",
      { headers: { cookie: owner.cookie } },
      { ...env, OPENAI_API_KEY: undefined },
    );
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("backend_down");
  });

  it("limits each person to 20 keys an hour (each costs money)", async () => {
    const owner = await signUp();
    const responses: Response[] = [];
    for (let i = 0; i < 21; i++) responses.push(await call("/api/realtime/token", { cookie: owner.cookie }));
    expect(responses.slice(0, 20).every((response) => response.status === 200)).toBe(true);
    expect(responses[20]!.status).toBe(429);
    expect(Number(responses[20]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await responses[20]!.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
  });
});

describe("POST /api/realtime/calls", () => {
  const offer = (cookie: string | undefined, key: string, sdp = CHROME_OFFER, contentType = "application/sdp") =>
    SELF.fetch("https://nikki.test/api/realtime/calls?model=gpt-realtime", {
      method: "POST",
      body: sdp,
      headers: { "content-type": contentType, authorization: `Bearer ${key}`, origin: "https://nikki.test", ...(cookie ? { cookie } : {}) },
    });
  const keyFor = async (cookie: string) =>
    ((await (await call("/api/realtime/token", { cookie })).json()) as { client_secret: { value: string } }).client_secret.value;

  it("relays the browser's offer to the Realtime calls endpoint and answers with OpenAI's SDP answer", async () => {
    const owner = await signUp();
    const response = await offer(owner.cookie, await keyFor(owner.cookie));
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/sdp");
    // Read as bytes: workerd warns about .text() on a body of a type it does not know as text, as SDP is.
    const answer = new TextDecoder().decode(await response.arrayBuffer());
    expect(answer).toMatch(/^v=0\r\n/);
    expect(answer).toContain("m=audio");
    expect(answer).toContain("m=application");
  });

  it("refuses a signed-out visitor, a body that is not SDP, and an expired key, each in the envelope", async () => {
    const owner = await signUp();
    const key = await keyFor(owner.cookie);
    expect((await offer(undefined, key)).status).toBe(401);
    const notSdp = await offer(owner.cookie, key, JSON.stringify({ sdp: CHROME_OFFER }), "application/json");
    expect(notSdp.status).toBe(415);
    const garbage = await offer(owner.cookie, key, "hello", "application/sdp");
    expect(garbage.status).toBe(400);
    const expired = await offer(owner.cookie, "ek_sim_not_a_key");
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ error: { code: "validation_failed", message: "The session key has expired. Start the demo again." } });
  });
});
