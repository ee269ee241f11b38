import type { Role } from "@nikki/core";

/** Who is calling: the signed-in user and, when they belong to one, their organization and role in it. */
export interface Caller {
  userId: string;
  email: string;
  /** The address was proven (Google, or a link sent to it): only then may it count as an operator's. */
  emailVerified: boolean;
  name: string;
  sessionId: string;
  sessionToken: string;
  organizationId: string | null;
  role: Role | null;
}
