import type { Caller } from "../../auth/caller";
import { and, asc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { members } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import type { Auth } from "../../auth/auth";

/** The deployment's own origin: PUBLIC_BASE_URL, else the origin the request came to. */
export function selfOrigin(c: Context<AppEnv>): string {
  return c.var.config.publicOrigin ?? new URL(c.req.url).origin;
}

/** The better-auth instance for this deployment's bindings and origin. */
export function getAuth(c: Context<AppEnv>): Auth {
  const secret = c.var.config.AUTH_SECRET;
  if (!secret) throw new ApiError("auth_unavailable");
  return c.var.authCache.get(c.env, c.var.services, selfOrigin(c), secret);
}

/** Reads the session cookie; null when signed out. The organization is the session's active one, else the first joined. */
export async function loadCaller(c: Context<AppEnv>): Promise<Caller | null> {
  if (c.get("caller") !== undefined) return c.get("caller") ?? null;
  const { headers, response: session } = await getAuth(c).api.getSession({
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  // A session near expiry is extended here; its renewed cookie must reach the browser too.
  const renewed = headers.getSetCookie();
  if (renewed.length > 0) c.set("setCookies", renewed);
  if (!session) {
    c.set("caller", null);
    return null;
  }
  const active = (session.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;
  const memberships = await c.var.db
    .select({ organizationId: members.organizationId, role: members.role })
    .from(members)
    .where(eq(members.userId, session.user.id))
    .orderBy(asc(members.createdAt));
  const membership = memberships.find((m) => m.organizationId === active) ?? memberships[0] ?? null;
  const caller: Caller = {
    userId: session.user.id,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    name: session.user.name,
    sessionId: session.session.id,
    sessionToken: session.session.token,
    organizationId: membership?.organizationId ?? null,
    role: membership?.role ?? null,
  };
  c.set("caller", caller);
  return caller;
}

/** Whether `userId` is a member of `organizationId`, and with which role. */
export async function membershipOf(c: Context<AppEnv>, userId: string, organizationId: string) {
  const [row] = await c.var.db
    .select({ id: members.id, role: members.role })
    .from(members)
    .where(and(eq(members.userId, userId), eq(members.organizationId, organizationId)));
  return row ?? null;
}
