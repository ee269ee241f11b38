import { ACCOUNT_MESSAGES, LIMITS } from "@nikki/core";
import { asc, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { audit, clientIp } from "../../audit";
import { getAuth } from "../../auth/context";
import { members, users } from "../../db/schema";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";
import { HOUR_MS, rateLimit } from "../../middleware/rate-limit";
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

/** The e-mail a sign-in names, lower-cased; empty when it names none. */
async function signInEmail(c: Context<AppEnv>): Promise<string> {
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

const signInLimits = rateLimit(
  [
    {
      key: (c) => `signin:ip:${clientIp(c) ?? "unknown"}`,
      limit: LIMITS.signInPerIpHour,
      windowMs: HOUR_MS,
      code: "rate_limited",
      message: ACCOUNT_MESSAGES.tooManySignIns,
    },
    {
      key: async (c) => {
        const email = await signInEmail(c);
        return email ? `signin:email:${email}` : null;
      },
      limit: LIMITS.signInPerEmailHour,
      windowMs: HOUR_MS,
      code: "rate_limited",
      message: ACCOUNT_MESSAGES.tooManySignIns,
    },
  ],
  async (c) => auditSignIn(c, await signInEmail(c), false, { reason: "rate_limited" }),
);

/**
 * `/api/auth/*`: better-auth, with sign-in rate limited per IP and per e-mail and every attempt audited.
 * Sign-up goes through `/api/account/signup` (it creates the organization too), so better-auth's own is closed.
 */
export const authRoutes = new Hono<AppEnv>()
  .post("/sign-up/email", () => {
    throw new ApiError("not_found", { message: "Sign up at /api/account/signup." });
  })
  .post("/sign-in/email", signInLimits, async (c) => {
    const response = await getAuth(c).handler(c.req.raw);
    const result = (await response
      .clone()
      .json()
      .catch(() => null)) as { twoFactorRedirect?: boolean } | null;
    const details = response.ok ? { two_factor_pending: Boolean(result?.twoFactorRedirect) } : { status: response.status };
    await auditSignIn(c, await signInEmail(c), response.ok, details);
    return toEnvelopeResponse(response);
  })
  .all("/*", async (c) => toEnvelopeResponse(await getAuth(c).handler(c.req.raw)));
