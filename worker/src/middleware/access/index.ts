import type { Role } from "@nikki/core";
import type { Context, MiddlewareHandler } from "hono";
import type { Caller } from "../../auth/caller";
import { loadCaller } from "../../auth/context";
import type { AppEnv } from "../../http/app-env";
import { ApiError } from "../../http/api-error";

/** Who may call a route: anyone signed in, or a member of an organization with at least this role. */
export type Access = "signed-in" | Role;

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
    if (level !== "signed-in") {
      if (!caller.organizationId || !caller.role) throw new ApiError("no_organization");
      if (RANK[caller.role] < RANK[level]) throw new ApiError("forbidden");
    }
    await next();
  };
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
