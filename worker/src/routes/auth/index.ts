import { ACCOUNT_MESSAGES, LIMITS } from "@nikki/core";
import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { audit, clientIp } from "../../audit";
import { getAuth } from "../../auth/context";
import { members, users } from "../../db/schema";
import { HOUR_MS, hitRateLimit } from "../../durable/rate-limit";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
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

/**
 * `/api/auth/*`: better-auth, with sign-in rate limited per IP and per e-mail and every attempt audited.
 * Sign-up goes through `/api/account/signup` (it creates the organization too), so better-auth's own is closed.
 */
export const authRoutes = new Hono<AppEnv>()
  .post("/sign-up/email", () => {
    throw new ApiError("not_found", { message: "Sign up at /api/account/signup." });
  })
  .post("/sign-in/email", async (c) => {
    const body = (await c.req.raw.clone().json().catch(() => null)) as { email?: unknown } | null;
    const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
    const ip = clientIp(c) ?? "unknown";
    const byIp = await hitRateLimit(c.env.RATE_LIMITER, `signin:ip:${ip}`, LIMITS.signInPerIpHour, HOUR_MS);
    const byEmail = email
      ? await hitRateLimit(c.env.RATE_LIMITER, `signin:email:${email}`, LIMITS.signInPerEmailHour, HOUR_MS)
      : byIp;
    const known = email ? await organizationOfEmail(c.var.db, email) : null;
    if (!byIp.allowed || !byEmail.allowed) {
      await audit(c, {
        action: "sign_in_failed",
        organizationId: known?.organizationId ?? null,
        actorUserId: known?.userId ?? null,
        actorEmail: email || null,
        details: { reason: "rate_limited" },
      });
      const resetAt = Math.max(byIp.allowed ? 0 : byIp.resetAt, byEmail.allowed ? 0 : byEmail.resetAt);
      c.header("retry-after", String(Math.ceil((resetAt - Date.now()) / 1000)));
      throw new ApiError("rate_limited", { message: ACCOUNT_MESSAGES.tooManySignIns });
    }
    const response = await getAuth(c).handler(c.req.raw);
    const result = (await response.clone().json().catch(() => null)) as { twoFactorRedirect?: boolean } | null;
    await audit(c, {
      action: response.ok ? "sign_in" : "sign_in_failed",
      organizationId: known?.organizationId ?? null,
      actorUserId: known?.userId ?? null,
      actorEmail: email || null,
      details: response.ok ? { two_factor_pending: Boolean(result?.twoFactorRedirect) } : { status: response.status },
    });
    return toEnvelopeResponse(response);
  })
  .all("/*", async (c) => toEnvelopeResponse(await getAuth(c).handler(c.req.raw)));
