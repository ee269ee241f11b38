import type { Role } from "@nikki/core";
import type { Context, MiddlewareHandler } from "hono";
import type { Caller } from "../../auth/caller";
import { loadCaller } from "./request-auth";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";

/**
 * Who may call a route: anyone signed in, a member of an organization with at least this role, or one of the
 * product's own operators (a verified address listed in OPERATOR_EMAILS).
 */
export type Access = "signed-in" | Role | "operator";

const RANK: Record<Role, number> = { viewer: 1, admin: 2, owner: 3 };

export type OrgCaller = Caller & { organizationId: string; role: Role };

/**
 * The one authorization layer. Every non-public route declares its access with this middleware; it answers
 * 401 without a session, 403 for a role below the minimum, and leaves the caller on the context.
 */
export function access(level: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = await loadCaller(c);
    if (!caller) throw new ApiError("unauthorized");
    if (level === "operator") {
      if (!isOperator(c, caller)) throw new ApiError("forbidden");
    } else if (level !== "signed-in") {
      if (!caller.organizationId || !caller.role) throw new ApiError("no_organization");
      if (RANK[caller.role] < RANK[level]) throw new ApiError("forbidden");
    }
    await next();
  };
}

/** Whether the caller is one of the product's operators: a verified address that configuration lists. */
export function isOperator(c: Context<AppEnv>, caller: Caller): boolean {
  return caller.emailVerified && c.var.config.OPERATOR_EMAILS.includes(caller.email.toLowerCase());
}

/** The caller of a route guarded by `access(role)`: always in an organization. */
export function orgCaller(c: Context<AppEnv>): OrgCaller {
  const caller = c.get("caller");
  if (!caller?.organizationId || !caller.role) throw new ApiError("no_organization");
  return caller as OrgCaller;
}

export function signedInCaller(c: Context<AppEnv>): Caller {
  const caller = c.get("caller");
  if (!caller) throw new ApiError("unauthorized");
  return caller;
}
