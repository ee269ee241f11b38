import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("GET /api/health", () => {
  it("answers ok with a database round trip", async () => {
    const res = await SELF.fetch("https://nikki.test/api/health");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; database: { ok: boolean; latency_ms: number } };
    expect(body.ok).toBe(true);
    expect(body.database.ok).toBe(true);
    expect(body.database.latency_ms).toBeGreaterThanOrEqual(0);
    // The test deployment (https://nikki.test) has no ENCRYPTION_KEY and no mail provider: it is told so.
    expect((body as unknown as { warnings: string[] }).warnings).toEqual([
      "ENCRYPTION_KEY is not set: integration credentials are sealed with a key derived from AUTH_SECRET. Set ENCRYPTION_KEY (openssl rand -base64 32).",
      "MAIL_API_KEY is not set: password resets and invitations are not e-mailed. Invitation links must be copied from the invite dialog.",
    ]);
  });
});

describe("GET /api/health/voice", () => {
  it("reports each voice setting as configured or not, with what to fix", async () => {
    const response = await SELF.fetch("https://nikki.test/api/health/voice");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; checks: Record<string, boolean>; validations: string[]; errors: string[] };
    expect(body.checks).toMatchObject({
      twilioAccountSid: true,
      twilioAuthToken: true,
      voiceWebhookUrl: true,
      mediaStreamWss: true,
      openaiApiKey: true,
      siteUrl: true,
    });
    expect(body.validations).toContain("Media stream: wss://nikki.test/twilio/stream/{CallSid}");
    expect(JSON.stringify(body)).not.toContain("simulated");
  });

  it("names what is missing", async () => {
    const { env } = await import("cloudflare:test");
    const { createApp } = await import("../../app");
    const { liveServices } = await import("../../services");
    const response = await createApp(liveServices).request(
      "https://nikki.test/api/health/voice",
      {},
      { ...env, OPENAI_API_KEY: undefined, TWILIO_AUTH_TOKEN: undefined },
    );
    const body = (await response.json()) as { ok: boolean; errors: string[] };
    expect(body.ok).toBe(false);
    expect(body.errors).toEqual(expect.arrayContaining(["TWILIO_AUTH_TOKEN is not set.", "OPENAI_API_KEY is not set: calls go to voicemail."]));
  });
});
