import { ACCOUNT_MESSAGES, AGENT_DEFAULTS, SETTINGS_DEFAULTS, TIME_ZONE_MESSAGE } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PASSWORD, call, cookieFrom, signUp, uniqueEmail } from "../../../test/accounts";

describe("POST /api/account/signup", () => {
  it("creates the user, an organization named after the company with them as owner, its settings and a widget key", async () => {
    const email = uniqueEmail("signup");
    const response = await call("/api/account/signup", {
      body: { firstName: "Ada", lastName: "Lovelace", email, company: "Lovelace Dental", password: PASSWORD },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: { id: string; name: string }; organization: { id: string; name: string } };
    expect(body.user.name).toBe("Ada Lovelace");
    expect(body.organization.name).toBe("Lovelace Dental");

    const member = await env.DB.prepare("select role from members where user_id = ? and organization_id = ?")
      .bind(body.user.id, body.organization.id)
      .first<{ role: string }>();
    expect(member?.role).toBe("owner");
    const settings = await env.DB.prepare("select * from organization_settings where organization_id = ?")
      .bind(body.organization.id)
      .first<Record<string, number | string>>();
    expect(settings).toMatchObject({
      transcript_retention_days: SETTINGS_DEFAULTS.transcriptRetentionDays,
      recording_retention_days: SETTINGS_DEFAULTS.recordingRetentionDays,
      pii_redaction: 1,
      record_calls: 1,
      record_announce: 1,
      default_region: "US",
      widget_rate_ip_hour: 3,
      widget_rate_phone_day: 2,
    });
    const key = await env.DB.prepare("select public_key from widget_keys where organization_id = ?").bind(body.organization.id).first<{ public_key: string }>();
    expect(key?.public_key).toMatch(/^pk_[a-z0-9]{24}$/);

    const me = await call("/api/account/me", { cookie: cookieFrom(response) });
    expect(await me.json()).toMatchObject({ organization: { name: "Lovelace Dental" }, role: "owner", user: { email } });
  });

  it("GET /api/account/me names the business's time zone: the default until an active agent has one", async () => {
    const response = await call("/api/account/signup", {
      body: { firstName: "Ada", lastName: "Lovelace", email: uniqueEmail("zone"), company: "Berlin Dental", password: PASSWORD },
    });
    const cookie = cookieFrom(response);
    const zoneOf = async () => ((await (await call("/api/account/me", { cookie })).json()) as { organization: { time_zone: string } }).organization.time_zone;
    expect(await zoneOf()).toBe(AGENT_DEFAULTS.timezone);
    expect((await call("/api/agents", { cookie, body: { name: "Greta", business_hours_tz: "Europe/Berlin" } })).status).toBe(201);
    expect(await zoneOf()).toBe("Europe/Berlin");
  });

  it("keeps the time zone the business chose at sign-up: /me names it before any agent, and the first agent starts in it", async () => {
    const response = await call("/api/account/signup", {
      body: {
        firstName: "Rosa",
        lastName: "Diaz",
        email: uniqueEmail("chicago"),
        company: "Bright Smile Dental",
        password: PASSWORD,
        time_zone: "america/chicago",
      },
    });
    expect(response.status).toBe(201);
    const cookie = cookieFrom(response);
    const { organization } = (await response.json()) as { organization: { id: string } };
    // Kept in Intl's spelling.
    expect(await env.DB.prepare("select time_zone from organizations where id = ?").bind(organization.id).first("time_zone")).toBe("America/Chicago");
    const me = (await (await call("/api/account/me", { cookie })).json()) as { organization: { time_zone: string } };
    expect(me.organization.time_zone).toBe("America/Chicago");
    const created = await call("/api/agents", { cookie, body: { name: "Nikki" } });
    expect(((await created.json()) as { agent: { business_hours_tz: string } }).agent.business_hours_tz).toBe("America/Chicago");
    // An agent given its own zone keeps it.
    const own = await call("/api/agents", { cookie, body: { name: "Sam", business_hours_tz: "America/Denver", status: "inactive" } });
    expect(((await own.json()) as { agent: { business_hours_tz: string } }).agent.business_hours_tz).toBe("America/Denver");
  });

  it.each(["EST", "+05:00", "Mars/Olympus_Mons", "America/Chicago; drop table", 42])(
    "refuses the time zone %j with the field's message and creates nothing",
    async (zone) => {
      const email = uniqueEmail("zone-bad");
      const response = await call("/api/account/signup", {
        body: { firstName: "A", lastName: "B", email, company: "Co", password: PASSWORD, time_zone: zone },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields.time_zone).toBe(TIME_ZONE_MESSAGE);
      expect(await env.DB.prepare("select count(*) as n from users where email = ?").bind(email).first("n")).toBe(0);
    },
  );

  it("sets the session cookie HttpOnly, SameSite=Lax, Secure and __Secure- prefixed on HTTPS", async () => {
    const response = await call("/api/account/signup", {
      body: { firstName: "A", lastName: "B", email: uniqueEmail("cookie"), company: "Co", password: PASSWORD },
    });
    const session = response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
    expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
  });

  it.each([
    ["password", { password: "short12" }, ACCOUNT_MESSAGES.passwordMin],
    ["company", { company: "" }, ACCOUNT_MESSAGES.company],
    ["email", { email: "not-an-email" }, ACCOUNT_MESSAGES.email],
    ["firstName", { firstName: " " }, ACCOUNT_MESSAGES.firstName],
  ])("refuses an invalid %s with the clear message and creates nothing", async (field, patch, message) => {
    const email = uniqueEmail("bad");
    const response = await call("/api/account/signup", {
      body: { firstName: "A", lastName: "B", email, company: "Co", password: PASSWORD, ...patch },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields[field]).toBe(message);
    expect(await env.DB.prepare("select count(*) as n from users where email = ?").bind(email).first("n")).toBe(0);
  });

  it("refuses a taken email with a clear message", async () => {
    const first = await signUp();
    const response = await call("/api/account/signup", {
      body: { firstName: "A", lastName: "B", email: first.email, company: "Other", password: PASSWORD },
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(ACCOUNT_MESSAGES.emailTaken);
  });

  it("keeps better-auth's own sign-up closed, so every account gets its organization", async () => {
    const response = await call("/api/auth/sign-up/email", { body: { name: "X", email: uniqueEmail("x"), password: PASSWORD } });
    expect(response.status).toBe(404);
  });
});

describe("GET /api/account/providers", () => {
  it("says Google sign-in is off when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set", async () => {
    expect(await (await call("/api/account/providers")).json()).toEqual({ google: false });
  });
});

describe("POST /api/account/organization", () => {
  it("creates a signed-in user's business in the time zone they chose", async () => {
    const owner = await signUp();
    await env.DB.prepare("delete from members where user_id = ?").bind(owner.userId).run();
    await env.DB.prepare("update sessions set active_organization_id = null where user_id = ?").bind(owner.userId).run();
    const response = await call("/api/account/organization", { cookie: owner.cookie, body: { company: "Lakeside Dental", time_zone: "Europe/Dublin" } });
    expect(response.status).toBe(201);
    const { organization } = (await response.json()) as { organization: { id: string } };
    expect(await env.DB.prepare("select time_zone from organizations where id = ?").bind(organization.id).first("time_zone")).toBe("Europe/Dublin");
  });

  it("refuses a second organization for a member", async () => {
    const owner = await signUp();
    const response = await call("/api/account/organization", { cookie: owner.cookie, body: { company: "Another" } });
    expect(response.status).toBe(409);
  });
});
