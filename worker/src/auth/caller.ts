import type { Role } from "@nikki/core";

/** Who is calling: the signed-in user and, when they belong to one, their organization and role in it. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  sessionToken: string;
  organizationId: string | null;
  role: Role | null;
}
