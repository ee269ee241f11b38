import { ACCOUNT_MESSAGES, LIMITS } from "@nikki/core";
import { createOTP } from "@better-auth/utils/otp";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PASSWORD, call, cookieFrom, signUp, uniqueEmail } from "../../../test/accounts";
import { hashingTimeout } from "../../../test/password-hashing";
import { BASE } from "../../../test/post-json";
import { createApp } from "../../app";
import { liveServices } from "../../services";
import type { MailMessage } from "../../services/mail";

function signIn(email: string, password: string, ip = "198.51.100.1") {
  return call("/api/auth/sign-in/email", { body: { email, password }, headers: { "cf-connecting-ip": ip } });
}

function base32ToBytes(input: string): Uint8Array {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of input.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  return Uint8Array.from(bits.match(/.{8}/g) ?? [], (byte) => Number.parseInt(byte, 2));
}

describe("sign-in", () => {
  it("answers wrong credentials in the envelope", async () => {
    const user = await signUp();
    const response = await signIn(user.email, "not the password");
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(ACCOUNT_MESSAGES.invalidCredentials);
  });

  const successes = LIMITS.signInFailuresPerIpHour + 10;
  it(`never counts successful sign-ins: ${successes} in a row from one address all succeed`, { timeout: hashingTimeout(1 + successes) }, async () => {
    const user = await signUp();
    for (let attempt = 1; attempt <= successes; attempt++) expect((await signIn(user.email, PASSWORD, "198.51.100.7")).status).toBe(200);
  });

  it("makes failures from one address wait longer each time, e-mails the owner once, and leaves the owner elsewhere alone", {
    timeout: hashingTimeout(1 + LIMITS.signInFreeFailures + 1 + 2),
  }, async () => {
    const sent: MailMessage[] = [];
    const app = createApp((bindings, config) => ({
      ...liveServices(bindings, config),
      mailer: () => ({ delivers: true, send: async (message: MailMessage) => void sent.push(message) }),
    }));
    const user = await signUp();
    const attempt = (password: string, ip: string) =>
      app.request(
        `${BASE}/api/auth/sign-in/email`,
        {
          method: "POST",
          headers: { "content-type": "application/json", origin: BASE, "cf-connecting-ip": ip },
          body: JSON.stringify({ email: user.email, password }),
        },
        env,
      );
    for (let failure = 1; failure <= LIMITS.signInFreeFailures + 1; failure++) expect((await attempt("wrong-password", "203.0.113.66")).status).toBe(401);
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([[user.email, ACCOUNT_MESSAGES.failedSignInsSubject]]);
    const waiting = await attempt(PASSWORD, "203.0.113.66");
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await waiting.json()) as { error: { message: string } }).error.message).toBe(ACCOUNT_MESSAGES.tooManySignIns);
    // The real owner, from another address, signs in at once; and nothing more is mailed.
    expect((await attempt(PASSWORD, "198.51.100.8")).status).toBe(200);
    expect(sent).toHaveLength(1);
  });

  it("takes the address only from CF-Connecting-IP: an X-Real-IP a client sends is ignored", async () => {
    const email = uniqueEmail("spoof");
    await call("/api/auth/sign-in/email", { body: { email, password: "whatever-pass" }, headers: { "x-real-ip": "203.0.113.9" } });
    const ip = await env.DB.prepare("select ip from audit_log where actor_email = ? and action = 'sign_in_failed'").bind(email).first("ip");
    expect(ip).toBeNull();
  });

  it(`is limited to ${LIMITS.signInFailuresPerIpHour} failed attempts per IP per hour, successes in between not counted`, {
    timeout: hashingTimeout(1 + LIMITS.signInFailuresPerIpHour + 6),
  }, async () => {
    const user = await signUp();
    for (let attempt = 1; attempt <= LIMITS.signInFailuresPerIpHour; attempt++) {
      expect((await signIn(uniqueEmail("nobody"), "whatever-pass", "192.0.2.44")).status).toBe(401);
      if (attempt % 5 === 1) expect((await signIn(user.email, PASSWORD, "192.0.2.44")).status).toBe(200);
    }
    const limited = await signIn(uniqueEmail("nobody"), "whatever-pass", "192.0.2.44");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(ACCOUNT_MESSAGES.tooManySignIns);
    expect((await signIn(uniqueEmail("nobody"), "whatever-pass", "192.0.2.45")).status).toBe(401);
  });

  it("signing out ends the session for good", async () => {
    const user = await signUp();
    const out = await call("/api/auth/sign-out", { cookie: user.cookie, body: {} });
    expect(out.status).toBe(200);
    expect((await call("/api/account/me", { cookie: user.cookie })).status).toBe(401);
  });
});

describe("unknown /api/auth paths", () => {
  it("answer 404 in the envelope, not an empty body", async () => {
    const response = await call("/api/auth/no-such-endpoint", { body: {} });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    const get = await call("/api/auth/definitely/not/here");
    expect(get.status).toBe(404);
    expect(((await get.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});

describe("password reset", () => {
  it("mails a reset link; the new password signs in and every old session ends", { timeout: hashingTimeout(1 + 1 + 2) }, async () => {
    const sent: MailMessage[] = [];
    const app = createApp((bindings, config) => ({
      ...liveServices(bindings, config),
      mailer: () => ({ delivers: true, send: async (message: MailMessage) => void sent.push(message) }),
    }));
    const user = await signUp();
    const request = (path: string, body: unknown) =>
      app.request(`${BASE}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: BASE }, body: JSON.stringify(body) }, env);

    expect((await request("/api/auth/request-password-reset", { email: user.email, redirectTo: "/reset-password" })).status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(user.email);
    const link = new URL(sent[0]!.text.match(/https?:\/\/\S+/)![0]);
    const reset = await app.request(link.href, { redirect: "manual" }, env);
    const token = new URL(reset.headers.get("location")!, BASE).searchParams.get("token");
    expect(token).toBeTruthy();

    const tooShort = await request("/api/auth/reset-password", { newPassword: "short", token });
    expect(tooShort.status).toBe(400);
    expect((await request("/api/auth/reset-password", { newPassword: "a brand new password", token })).status).toBe(200);
    expect((await call("/api/account/me", { cookie: user.cookie })).status).toBe(401);
    expect((await signIn(user.email, PASSWORD, "198.51.100.200")).status).toBe(401);
    expect((await signIn(user.email, "a brand new password", "198.51.100.201")).status).toBe(200);
  });
});

describe("two-factor (TOTP)", () => {
  it("enrols with a code from the authenticator, then sign-in asks for the code", async () => {
    const user = await signUp();
    const enabled = await call("/api/auth/two-factor/enable", { cookie: user.cookie, body: { password: PASSWORD } });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(backupCodes.length).toBeGreaterThan(0);
    const otp = createOTP(base32ToBytes(new URL(totpURI).searchParams.get("secret")!));
    const verified = await call("/api/auth/two-factor/verify-totp", { cookie: user.cookie, body: { code: await otp.totp() } });
    expect(verified.status).toBe(200);
    expect(await env.DB.prepare("select two_factor_enabled from users where id = ?").bind(user.userId).first("two_factor_enabled")).toBe(1);

    const first = await signIn(user.email, PASSWORD, "198.51.100.77");
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await call("/api/account/me", { cookie: cookieFrom(first) })).status).toBe(401);
    const wrong = await call("/api/auth/two-factor/verify-totp", { cookie: cookieFrom(first), body: { code: "000000" } });
    expect(wrong.status).toBe(401);
    const second = await call("/api/auth/two-factor/verify-totp", { cookie: cookieFrom(first), body: { code: await otp.totp() } });
    expect(second.status).toBe(200);
    expect((await call("/api/account/me", { cookie: cookieFrom(second) })).status).toBe(200);
  });
});

describe("the dashboard guard", () => {
  it("sends a signed-out visitor to /login with the page to come back to", async () => {
    const response = await call("/dashboard/settings?tab=team");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirect=%2Fdashboard%2Fsettings%3Ftab%3Dteam");
  });

  it("sends a business owner who opens /dashboard/leads (the operators' Sales leads) to their own Leads; an operator stays", async () => {
    const owner = await signUp();
    for (const path of ["/dashboard/leads", "/dashboard/leads/"]) {
      const response = await call(path, { cookie: owner.cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/dashboard/business-leads");
    }
    expect((await call("/dashboard/business-leads", { cookie: owner.cookie })).status).not.toBe(302);
    const operator = await signUp({ email: "second-operator@nikki.test", company: "Nikki Sales" });
    await env.DB.prepare("update users set email_verified = 1 where email = 'second-operator@nikki.test'").run();
    expect((await call("/dashboard/leads", { cookie: operator.cookie })).status).not.toBe(302);
  });

  it("serves the page to a signed-in member, never cached", async () => {
    const user = await signUp();
    const response = await call("/dashboard", { cookie: user.cookie });
    expect(response.status).not.toBe(302);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("sessions", () => {
  it("are extended before they expire while in use, with a fresh cookie", async () => {
    const user = await signUp();
    const soon = Date.now() + 2 * 24 * 60 * 60 * 1000;
    await env.DB.prepare("update sessions set expires_at = ? where user_id = ?").bind(soon, user.userId).run();
    const response = await call("/api/account/me", { cookie: user.cookie });
    expect(response.status).toBe(200);
    const expiresAt = await env.DB.prepare("select expires_at from sessions where user_id = ?").bind(user.userId).first<number>("expires_at");
    expect(expiresAt! - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * 60 * 1000);
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(true);
  });

  it("that have expired are refused", async () => {
    const user = await signUp();
    await env.DB.prepare("update sessions set expires_at = ? where user_id = ?")
      .bind(Date.now() - 1000, user.userId)
      .run();
    expect((await call("/api/account/me", { cookie: user.cookie })).status).toBe(401);
  });
});
