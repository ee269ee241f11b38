import { INTEGRATION_MESSAGES, INTEGRATION_PROVIDERS, type IntegrationResource, integrationInfo } from "@nikki/core";
import { SIMULATED_BUSINESS_CREDENTIALS as OWN } from "@nikki/simulators/credentials";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type SignedUp, call, signUp } from "../../../test/accounts";
import { BASE } from "../../../test/post-json";
import { createApp } from "../../app";
import { readConfig } from "../../env";
import { saveIntegration } from "../../services/integrations/store";
import { liveServices } from "../../services";

const api = (who: SignedUp, path: string, method = "GET", body?: unknown) => call(path, { method, cookie: who.cookie, body });
const list = async (who: SignedUp) => ((await (await api(who, "/api/integrations")).json()) as { integrations: IntegrationResource[] }).integrations;
const one = async (who: SignedUp, provider: string) => (await list(who)).find((entry) => entry.provider === provider)!;
const save = (who: SignedUp, provider: string, credentials: object) => api(who, `/api/integrations/${provider}`, "PUT", { credentials });
const test = async (who: SignedUp, provider: string) => {
  const response = await api(who, `/api/integrations/${provider}/test`, "POST", {});
  return { status: response.status, body: (await response.json()) as { success: boolean; message: string; error?: { message: string } } };
};

const WRONG: Record<string, object> = {
  twilio: { ...OWN.twilio, auth_token: "not-the-token-000000" },
  openai: { api_key: "sk-revoked" },
  elevenlabs: { api_key: "revoked" },
  hubspot: { private_app_token: "pat-revoked" },
  gohighlevel: { ...OWN.gohighlevel, location_id: "someone-elses-location" },
  zapier: { webhook_url: "https://hooks.zapier.com/hooks/catch/999/deleted/" },
  calcom: { ...OWN.calcom, api_key: "cal_live_revoked" },
};
/** The providers a business types credentials for (Google Calendar is connected by OAuth: worker/test/calendars.test.ts). */
const TYPED = INTEGRATION_PROVIDERS.filter((provider) => !integrationInfo(provider).oauth);
const REASON: Record<string, string> = {
  twilio: "Twilio: Authenticate (401)",
  openai: "OpenAI: Incorrect API key provided (401)",
  elevenlabs: "ElevenLabs: Invalid API key (401)",
  hubspot: "HubSpot: Authentication credentials not found. This API supports OAuth 2.0 authentication. (401)",
  gohighlevel: "GoHighLevel: The token does not have access to this location. (403)",
  zapier: "Zapier: Not found (404)",
  calcom: "Cal.com: Invalid API Key (401)",
};

let owner: SignedUp;
beforeAll(async () => {
  owner = await signUp({ company: "Integrations Plumbing" });
});

describe("the integrations list", () => {
  it("always lists all eight, Not Configured until something is stored", async () => {
    const integrations = await list(owner);
    expect(integrations.map((entry) => entry.provider)).toEqual([...INTEGRATION_PROVIDERS]);
    expect(integrations.every((entry) => entry.badge === "Not Configured" && !entry.configured && entry.hint === null)).toBe(true);
  });
});

describe("Test Connection against each provider", () => {
  it.each(TYPED)("%s: Verified with the right credentials, refused with the provider's reason otherwise", async (provider) => {
    const fresh = await signUp({ company: `Testing ${provider}` });
    expect((await test(fresh, provider)).body.error?.message).toMatch(/^Please configure .+ before testing\.$/);

    expect((await save(fresh, provider, WRONG[provider]!)).status).toBe(200);
    expect(await test(fresh, provider)).toEqual({ status: 200, body: { success: false, message: REASON[provider] } });
    expect(await one(fresh, provider)).toMatchObject({ configured: true, badge: "Configured", test_status: "failed" });

    const saved = await save(fresh, provider, OWN[provider as keyof typeof OWN]);
    expect(await saved.json()).toMatchObject({ message: "Configuration Saved", integration: { badge: "Configured", test_status: null } });
    const passed = await test(fresh, provider);
    expect(passed).toMatchObject({ status: 200, body: { success: true } });
    expect(await one(fresh, provider)).toMatchObject({ badge: "Verified", test_status: "success" });
    expect((await one(fresh, provider)).last_tested_at).not.toBeNull();
  });
});

describe("credentials never leave the server", () => {
  it("answers hints, not values, and writes no value to the database in clear", async () => {
    const response = await save(owner, "twilio", OWN.twilio);
    const text = JSON.stringify(await response.json()) + JSON.stringify(await list(owner));
    expect(text).not.toContain(OWN.twilio.auth_token);
    expect((await one(owner, "twilio")).hint).toBe("Account SID ACbb01…abcd · Auth Token …0002");
    const row = await env.DB.prepare("select credentials_encrypted from integrations where provider = 'twilio' and organization_id = ?")
      .bind(owner.organizationId)
      .first<string>("credentials_encrypted");
    expect(row).toMatch(/^v2\./);
    expect(row).not.toContain(OWN.twilio.auth_token);
  });

  it("writes no credential to any log line, even at debug level", async () => {
    const app = createApp(liveServices);
    const bindings = { ...env, LOG_LEVEL: "debug" };
    const lines: string[] = [];
    const spies = (["log", "warn", "error"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" "))),
    );
    try {
      for (const [method, path, body] of [
        ["PUT", "/api/integrations/openai", { credentials: OWN.openai }],
        ["POST", "/api/integrations/openai/test", {}],
        ["PUT", "/api/integrations/openai", { credentials: { api_key: "sk-wrong-but-secret-9999" } }],
        ["POST", "/api/integrations/openai/test", {}],
        ["GET", "/api/integrations", undefined],
      ] as const) {
        const request = new Request(`${BASE}${path}`, {
          method,
          headers: { origin: BASE, cookie: owner.cookie, ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        const context = createExecutionContext();
        expect((await app.fetch(request, bindings, context)).status).toBe(200);
        await waitOnExecutionContext(context);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(lines.some((line) => line.includes("integration_tested"))).toBe(true);
    expect(lines.join("\n")).not.toMatch(new RegExp(`${OWN.openai.api_key}|sk-wrong-but-secret-9999`));
  });

  it("refuses a row moved to another organization", async () => {
    const thief = await signUp({ company: "Copycat Plumbing" });
    await env.DB.prepare(
      "insert into integrations (id, organization_id, provider, credentials_encrypted) select ?, ?, provider, credentials_encrypted from integrations where provider = 'twilio' and organization_id = ?",
    )
      .bind(crypto.randomUUID(), thief.organizationId, owner.organizationId)
      .run();
    expect((await one(thief, "twilio")).hint).toBe("Stored credentials cannot be read: enter them again");
    expect((await test(thief, "twilio")).body.error?.message).toBe("Please configure Twilio before testing.");
  });
});

describe("bad input", () => {
  it("names the field in the product's words and stores nothing", async () => {
    const fresh = await signUp({ company: "Typo Plumbing" });
    const missing = await save(fresh, "gohighlevel", { api_key: "pit-1" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { code: "validation_failed", fields: { location_id: "Location ID is required." } } });
    const badSid = await save(fresh, "twilio", { account_sid: "AB12", auth_token: "x" });
    expect(((await badSid.json()) as { error: { fields: object } }).error.fields).toEqual({
      account_sid: "Account SID must look like AC followed by 32 hex digits.",
    });
    const zapier = await save(fresh, "zapier", { webhook_url: "http://169.254.169.254/latest/meta-data" });
    expect(((await zapier.json()) as { error: { fields: object } }).error.fields).toEqual({
      webhook_url: INTEGRATION_MESSAGES.zapierUrl,
    });
    // Basic auth encodes the token as Latin-1: anything else is a field error here, not a 500 at Test Connection.
    const unicode = await save(fresh, "twilio", { account_sid: OWN.twilio.account_sid, auth_token: "tökën-ünïcødé-ŧøķęñ" });
    expect(unicode.status).toBe(400);
    expect(((await unicode.json()) as { error: { fields: object } }).error.fields).toEqual({ auth_token: INTEGRATION_MESSAGES.nonAscii("Auth Token") });
    expect((await api(fresh, "/api/integrations/salesforce", "PUT", { credentials: {} })).status).toBe(404);
    expect((await list(fresh)).every((entry) => !entry.configured)).toBe(true);
  });

  it("a Twilio token stored before that rule fails Test Connection with a message, never a 500", async () => {
    const fresh = await signUp({ company: "Unicode Plumbing" });
    const config = readConfig(env);
    await saveIntegration(liveServices(env, config).db, config, fresh.organizationId, "twilio", {
      account_sid: OWN.twilio.account_sid,
      auth_token: "tökën-ŧøķęñ",
    });
    expect(await test(fresh, "twilio")).toEqual({ status: 200, body: { success: false, message: "Failed to connect to Twilio" } });
  });

  it("removes a stored integration and audits every write", async () => {
    const fresh = await signUp({ company: "Remove Plumbing" });
    await save(fresh, "hubspot", OWN.hubspot);
    expect((await api(fresh, "/api/integrations/hubspot", "DELETE")).status).toBe(204);
    expect((await one(fresh, "hubspot")).badge).toBe("Not Configured");
    const actions = await env.DB.prepare("select action from audit_log where organization_id = ? order by created_at")
      .bind(fresh.organizationId)
      .all<{ action: string }>();
    expect(actions.results.map((row) => row.action)).toEqual(expect.arrayContaining(["integration_saved", "integration_removed"]));
  });
});
