import { SELF, env } from "cloudflare:test";
import { BASE } from "./post-json";

/** A browser-like call to the worker: JSON body, this site's Origin, and the session cookie when given. */
export async function call(
  path: string,
  options: { method?: string; body?: unknown; cookie?: string; origin?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { origin: options.origin ?? BASE, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return SELF.fetch(`${BASE}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: "manual",
  });
}

/** The `Cookie` header a browser would send back after this response. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

export const PASSWORD = "correct horse battery";

export interface SignedUp {
  cookie: string;
  userId: string;
  organizationId: string;
  email: string;
}

let counter = 0;
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

const randomOctet = () => crypto.getRandomValues(new Uint8Array(1))[0]!;

export async function signUp(input: { email?: string; company?: string; invitationId?: string; password?: string } = {}): Promise<SignedUp> {
  const email = input.email ?? uniqueEmail("owner");
  const response = await call("/api/account/signup", {
    // Each sign-up from an address of its own, as different people would be: the per-address limit is tested apart.
    headers: { "cf-connecting-ip": `10.${randomOctet()}.${randomOctet()}.${randomOctet()}` },
    body: {
      firstName: "Test",
      lastName: "User",
      email,
      company: input.invitationId ? undefined : (input.company ?? "Acme Plumbing"),
      password: input.password ?? PASSWORD,
      invitationId: input.invitationId,
    },
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string }; organization: { id: string } | null };
  return { cookie: cookieFrom(response), userId: body.user.id, organizationId: body.organization?.id ?? "", email };
}

/**
 * The code the invited address would receive, set to a known one (the helper has no inbox; the e-mail itself is
 * tested in the invitation tests), then entered as the invitee would.
 */
export async function enterInvitationCode(invitee: SignedUp, invitationId: string): Promise<Response> {
  const hash = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("424242"))), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
  await env.DB.prepare("update verifications set value = ? where identifier = ?").bind(`${hash}:0`, `invitation:${invitationId}:${invitee.userId}`).run();
  return call(`/api/invitations/${invitationId}/verify`, { cookie: invitee.cookie, body: { code: "424242" } });
}

/**
 * A pending invitation of the owner's organization, written as POST /api/org/invitations writes it (that route, and its
 * limit of 20 an hour, are tested on their own): fixtures that need many members or invitations stay within it.
 */
export async function pendingInvitation(owner: SignedUp, email: string, role: "admin" | "viewer"): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into invitations (id, organization_id, email, role, inviter_id, expires_at, created_at) values (?, ?, ?, ?, ?, ?, ?)")
    .bind(id, owner.organizationId, email, role, owner.userId, Date.now() + 7 * 86_400_000, Date.now())
    .run();
  return id;
}

/** The owner invites `role`; the invitee signs up from the invitation. */
export async function inviteAndJoin(owner: SignedUp, role: "admin" | "viewer"): Promise<SignedUp & { memberId: string }> {
  const email = uniqueEmail(role);
  const invitation = { id: await pendingInvitation(owner, email, role) };
  const signedUp = await signUp({ email, invitationId: invitation.id });
  const verified = await enterInvitationCode(signedUp, invitation.id);
  if (verified.status !== 200) throw new Error(`joining failed: ${verified.status} ${await verified.text()}`);
  const { organization } = (await verified.json()) as { organization: { id: string } };
  const joined = { ...signedUp, organizationId: organization.id };
  const list = (await (await call("/api/org/members", { cookie: owner.cookie })).json()) as {
    members: { id: string; email: string }[];
  };
  return { ...joined, memberId: list.members.find((m) => m.email === email)!.id };
}
