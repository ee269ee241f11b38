import type { SignedUp } from "./accounts";

/**
 * The role × route matrix's shape: every /api route × {anonymous, viewer, admin, owner, member of another
 * organization} → the status it must answer (access-matrix-rows.ts and the rows files it gathers).
 */
export type Caller = "anonymous" | "viewer" | "admin" | "owner" | "other";
export const CALLERS: Caller[] = ["anonymous", "viewer", "admin", "other", "owner"];

export interface World {
  owner: SignedUp;
  admin: SignedUp;
  viewer: SignedUp;
  other: SignedUp;
  targetMemberId: string;
}

export interface Row {
  route: string;
  /** Builds the request for one cell; may create what the cell acts on (a fresh member, an invitation). */
  request: (world: World) => Promise<{ path: string; body?: unknown; headers?: Record<string, string> }>;
  expect: Record<Caller, number>;
}

export const same = (status: number): Record<Caller, number> => ({ anonymous: status, viewer: status, admin: status, owner: status, other: status });
export const path = (p: string) => async () => ({ path: p });
/** Every member reads; signed-out callers are refused. */
export const readers: Record<Caller, number> = { ...same(200), anonymous: 401 };
