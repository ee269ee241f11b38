import { ACCOUNT_MESSAGES, LIMITS } from "@nikki/core";
import { asc, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { audit, clientIp } from "../../audit";
import { getAuth } from "../../middleware/access/request-auth";
import { members, users } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { countAttempt, HOUR_MS, hourly, type RateRule, rateLimit } from "../../middleware/rate-limit";
import { passToAuth, typedAuthAnswer } from "./answers";
import { toEnvelopeResponse } from "./errors";

async function organizationOfEmail(db: AppEnv["Variables"]["db"], email: string) {
  const [row] = await db
    .select({ userId: users.id, organizationId: members.organizationId })
    .from(users)
    .leftJoin(members, eq(members.userId, users.id))
    .where(eq(users.email, email))
    .orderBy(asc(members.createdAt))
    .limit(1);
  return row ?? null;
}

/** The e-mail a sign-in or a password reset names, lower-cased; empty when it names none. */
async function bodyEmail(c: Context<AppEnv>): Promise<string> {
  const body = (await c.req.raw
    .clone()
    .json()
    .catch(() => null)) as { email?: unknown } | null;
  return typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
}

async function auditSignIn(c: Context<AppEnv>, email: string, ok: boolean, details: Record<string, unknown>) {
  const known = email ? await organizationOfEmail(c.var.db, email) : null;
  await audit(c, {
    action: ok ? "sign_in" : "sign_in_failed",
    organizationId: known?.organizationId ?? null,
    actorUserId: known?.userId ?? null,
    actorEmail: email || null,
    details,
  });
}

/**
 * Failed sign-ins per network address. Each attempt is counted as it begins (parallel guesses cannot overrun the
 * limit) and given back unless its credentials were wrong, so an office behind one address, or every local user on
 * 127.0.0.1, is never locked out by its own successful sign-ins.
 */
const failedSignInsPerIp: RateRule = {
  key: (c) => `signin:failed:ip:${clientIp(c) ?? "unknown"}`,
  limit: LIMITS.signInFailuresPerIpHour,
  windowMs: HOUR_MS,
  code: "rate_limited",
  message: ACCOUNT_MESSAGES.tooManySignIns,
};

/** Password-reset e-mails: per network address, and per address mailed (whether or not it has an account, so none is revealed). */
const resetLimits = rateLimit([
  hourly("resetPerIp", (c) => `reset:ip:${clientIp(c) ?? "unknown"}`),
  hourly("resetPerAddress", async (c) => {
    const email = await bodyEmail(c);
    return email ? `reset:email:${email}` : null;
  }),
]);

/** The failure counter of one e-mail from one address (never of the e-mail alone: a stranger cannot lock the owner out). */
const failuresOf = (c: Context<AppEnv>, email: string) =>
  c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(`signin:failures:${email}:${clientIp(c) ?? "unknown"}`));

/** The owner is told once, when the waits begin: someone may be guessing their password. */
async function tellOwnerOfFailures(c: Context<AppEnv>, email: string) {
  const [user] = await c.var.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return;
  await c.var.services
    .mailer(c.var.log)
    .send({ to: email, subject: ACCOUNT_MESSAGES.failedSignInsSubject, text: ACCOUNT_MESSAGES.failedSignInsText(LIMITS.signInFreeFailures, clientIp(c)) })
    .catch((error: unknown) => c.var.log.warn("failed_sign_ins_mail_failed", { error: error instanceof Error ? error.message : String(error) }));
}

/**
 * `/api/auth/*`: better-auth, with failed sign-ins limited per IP and, per e-mail and address, waiting longer each
 * time (successes never count), and every attempt audited; password-reset e-mails limited per IP and per address.
 * Sign-up goes through `/api/account/signup` (it creates the organization too), so better-auth's own is closed.
 */
export const authRoutes = new Hono<AppEnv>()
  .post("/sign-up/email", () => {
    throw new ApiError("not_found", { message: "Sign up at /api/account/signup." });
  })
  .post("/sign-in/email", async (c) => {
    const email = await bodyEmail(c);
    const failures = email ? failuresOf(c, email) : null;
    const { failures: failed, waitUntil } = (await failures?.failures()) ?? { failures: 0, waitUntil: 0 };
    if (waitUntil) {
      await auditSignIn(c, email, false, { reason: "backoff" });
      c.header("retry-after", String(Math.max(1, Math.ceil((waitUntil - Date.now()) / 1000))));
      throw new ApiError("rate_limited", { message: ACCOUNT_MESSAGES.tooManySignIns });
    }
    const attempt = await countAttempt(c, failedSignInsPerIp, () => auditSignIn(c, email, false, { reason: "rate_limited" }));
    const response = await getAuth(c).handler(c.req.raw);
    if (response.status !== 401) await attempt.giveBack();
    const result = (await response
      .clone()
      .json()
      .catch(() => null)) as { twoFactorRedirect?: boolean } | null;
    const details = response.ok ? { two_factor_pending: Boolean(result?.twoFactorRedirect) } : { status: response.status };
    await auditSignIn(c, email, response.ok, details);
    // Only an address with failures on record has anything to clear: most sign-ins make no second call.
    if (response.ok && failed > 0) await failures?.clear();
    else if (response.status === 401 && failures) {
      const { failures: count } = await failures.failure(LIMITS.signInFreeFailures, LIMITS.signInBackoffBaseMs, LIMITS.signInBackoffMaxMs);
      if (count === LIMITS.signInFreeFailures + 1) await tellOwnerOfFailures(c, email);
    }
    return typedAuthAnswer<"sign-in/email">(toEnvelopeResponse(response));
  })
  // The endpoints the site calls, named so its typed client knows them; each does exactly what `/*` does.
  .post("/sign-in/social", passToAuth("sign-in/social"))
  .get("/get-session", passToAuth("get-session"))
  .post("/sign-out", passToAuth("sign-out"))
  .post("/two-factor/enable", passToAuth("two-factor/enable"))
  .post("/two-factor/disable", passToAuth("two-factor/disable"))
  .post("/two-factor/verify-totp", passToAuth("two-factor/verify-totp"))
  .post("/request-password-reset", resetLimits, passToAuth("request-password-reset"))
  .post("/reset-password", passToAuth("reset-password"))
  .post("/revoke-other-sessions", passToAuth("revoke-other-sessions"))
  .all("/*", async (c) => toEnvelopeResponse(await getAuth(c).handler(c.req.raw)));
