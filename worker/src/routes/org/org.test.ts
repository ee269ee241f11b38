import { ACCOUNT_MESSAGES, INVITATION_CODE_MESSAGES, TIME_ZONE_MESSAGE } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, type SignedUp, call, cookieFrom, enterInvitationCode, inviteAndJoin, signUp, uniqueEmail } from "../../../test/accounts";
import { createApp } from "../../app";
import { liveServices } from "../../services";
import type { MailMessage } from "../../services/mail";

let owner: SignedUp;
let admin: SignedUp & { memberId: string };
let other: SignedUp;

beforeAll(async () => {
  owner = await signUp({ company: "Owner Protection Co" });
  admin = await inviteAndJoin(owner, "admin");
  other = await signUp({ company: "Somebody Else Inc" });
});

async function ownerMemberId() {
  const { members } = (await (await call("/api/org/members", { cookie: owner.cookie })).json()) as {
    members: { id: string; role: string }[];
  };
  return members.find((m) => m.role === "owner")!.id;
}

describe("owner protection", () => {
  it("refuses to re-role the owner, even for an admin", async () => {
    const response = await call(`/api/org/members/${await ownerMemberId()}`, { method: "PATCH", cookie: admin.cookie, body: { role: "viewer" } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(ACCOUNT_MESSAGES.ownerFixed);
  });

  it("refuses to remove the owner", async () => {
    const response = await call(`/api/org/members/${await ownerMemberId()}`, { method: "DELETE", cookie: owner.cookie });
    expect(response.status).toBe(403);
    expect(await env.DB.prepare("select count(*) as n from members where user_id = ?").bind(owner.userId).first("n")).toBe(1);
  });

  it("only lets assignable roles be given", async () => {
    const response = await call(`/api/org/members/${admin.memberId}`, { method: "PATCH", cookie: owner.cookie, body: { role: "owner" } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: { role: string } } }).error.fields.role).toBe(ACCOUNT_MESSAGES.inviteRole);
  });
});

describe("CSRF", () => {
  it("refuses a state-changing cookie request from a foreign Origin, and changes nothing", async () => {
    const response = await call("/api/org", { method: "PATCH", cookie: owner.cookie, origin: "https://evil.example", body: { name: "Pwned" } });
    expect(response.status).toBe(403);
    const { organization } = (await (await call("/api/org", { cookie: owner.cookie })).json()) as { organization: { name: string } };
    expect(organization.name).toBe("Owner Protection Co");
  });

  it("refuses a cross-site request without an Origin", async () => {
    const response = await call("/api/org", {
      method: "PATCH",
      cookie: owner.cookie,
      origin: "",
      headers: { "sec-fetch-site": "cross-site" },
      body: { name: "Pwned" },
    });
    expect(response.status).toBe(403);
  });

  it("lets the same request through from this site", async () => {
    const response = await call("/api/org", { method: "PATCH", cookie: owner.cookie, body: { domain: "owner-protection.example" } });
    expect(response.status).toBe(200);
  });
});

describe("the organization's time zone (Settings › Organization)", () => {
  it("is changed by an owner to another IANA zone, read back; a zone not on the list is refused and changes nothing", async () => {
    const zoned = await signUp({ company: "Zone Change Dental" });
    const changed = await call("/api/org", { method: "PATCH", cookie: zoned.cookie, body: { time_zone: "America/Denver" } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { organization: { time_zone: string } }).organization.time_zone).toBe("America/Denver");

    const refused = await call("/api/org", { method: "PATCH", cookie: zoned.cookie, body: { time_zone: "Mars/Olympus_Mons" } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: "validation_failed", fields: { time_zone: TIME_ZONE_MESSAGE } } });

    const read = (await (await call("/api/org", { cookie: zoned.cookie })).json()) as { organization: { time_zone: string } };
    expect(read.organization.time_zone).toBe("America/Denver");
    const me = (await (await call("/api/account/me", { cookie: zoned.cookie })).json()) as { organization: { time_zone: string } };
    expect(me.organization.time_zone).toBe("America/Denver");
  });
});

describe("invitations", () => {
  it("an existing user accepts with their own account and joins with the invited role", async () => {
    const invitee = await signUp({ company: "Invitee's Own Shop" });
    const created = await call("/api/org/invitations", { cookie: owner.cookie, body: { email: invitee.email, role: "viewer" } });
    expect(created.status).toBe(201);
    const { invitation } = (await created.json()) as { invitation: { id: string; accept_url: string; emailed: boolean } };
    expect(invitation.accept_url).toBe(`https://nikki.test/invite?id=${invitation.id}`);
    expect(invitation.emailed).toBe(false);

    const preview = (await (await call(`/api/invitations/${invitation.id}`)).json()) as { invitation: Record<string, string> };
    expect(preview.invitation).toMatchObject({ organization_name: "Owner Protection Co", role: "viewer", status: "pending" });

    // The address is not proven yet: a code goes to it, and nothing is granted until it is entered.
    const sent: MailMessage[] = [];
    const app = createApp((bindings, config) => ({
      ...liveServices(bindings, config),
      mailer: () => ({ delivers: true, send: async (message: MailMessage) => void sent.push(message) }),
    }));
    const accepted = await app.request(
      `https://nikki.test/api/invitations/${invitation.id}/accept`,
      { method: "POST", headers: { "content-type": "application/json", origin: "https://nikki.test", cookie: invitee.cookie }, body: "{}" },
      env,
    );
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toEqual({ verification_required: true, emailed: true });
    expect(sent.map((mail) => mail.to)).toEqual([invitee.email]);
    const code = /\b(\d{6})\b/.exec(sent[0]!.text)![1]!;
    const stillOutside = (await (await call("/api/account/me", { cookie: invitee.cookie })).json()) as { organization: { name: string } };
    expect(stillOutside.organization.name).toBe("Invitee's Own Shop");

    const wrong = await call(`/api/invitations/${invitation.id}/verify`, { cookie: invitee.cookie, body: { code: code === "000000" ? "111111" : "000000" } });
    expect(((await wrong.json()) as { error: { fields: object } }).error.fields).toEqual({ code: INVITATION_CODE_MESSAGES.wrong });
    const verified = await call(`/api/invitations/${invitation.id}/verify`, { cookie: invitee.cookie, body: { code } });
    expect(verified.status).toBe(200);
    const me = (await (await call("/api/account/me", { cookie: invitee.cookie })).json()) as { organization: { name: string }; role: string };
    expect(me).toMatchObject({ organization: { name: "Owner Protection Co" }, role: "viewer" });
    const again = await call(`/api/invitations/${invitation.id}/accept`, { cookie: invitee.cookie, body: {} });
    expect(again.status).toBe(404);
  });

  it("a new account made from an invitation joins only after the code e-mailed to the address", async () => {
    const email = uniqueEmail("newcomer");
    const created = await call("/api/org/invitations", { cookie: owner.cookie, body: { email, role: "viewer" } });
    const { invitation } = (await created.json()) as { invitation: { id: string } };
    const newcomer = await signUp({ email, invitationId: invitation.id });
    expect(newcomer.organizationId).toBe("");
    expect((await call("/api/org", { cookie: newcomer.cookie })).status).toBe(403);
    expect((await enterInvitationCode(newcomer, invitation.id)).status).toBe(200);
    expect((await call("/api/org", { cookie: newcomer.cookie })).status).toBe(200);
  });

  it("a new account made from the invitation e-mail's link joins at once: the link proves the address; a link not for it does not", async () => {
    const sent: MailMessage[] = [];
    const app = createApp((bindings, config) => ({
      ...liveServices(bindings, config),
      mailer: () => ({ delivers: true, send: async (message: MailMessage) => void sent.push(message) }),
    }));
    const invite = async (email: string) => {
      const created = await app.request(
        "https://nikki.test/api/org/invitations",
        {
          method: "POST",
          headers: { "content-type": "application/json", origin: "https://nikki.test", cookie: owner.cookie },
          body: JSON.stringify({ email, role: "viewer" }),
        },
        env,
      );
      const { invitation } = (await created.json()) as { invitation: { id: string; accept_url: string } };
      // The link Team settings shows the admin carries no token; the e-mailed one does.
      expect(invitation.accept_url).toBe(`https://nikki.test/invite?id=${invitation.id}`);
      const link = new URL(/Accept the invitation: (\S+)/.exec(sent.find((mail) => mail.to === email)!.text)![1]!);
      expect(link.searchParams.get("id")).toBe(invitation.id);
      return { id: invitation.id, token: link.searchParams.get("token")! };
    };
    const signUpFrom = (email: string, invitationId: string, invitationToken: string) =>
      call("/api/account/signup", {
        headers: { "cf-connecting-ip": "10.54.4.1" },
        body: { firstName: "Ada", lastName: "Lovelace", email, password: PASSWORD, invitationId, invitationToken },
      });

    const email = uniqueEmail("linked");
    const { id, token } = await invite(email);
    const joined = await signUpFrom(email, id, token);
    expect(joined.status).toBe(201);
    const body = (await joined.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ organization: { id: owner.organizationId, name: "Owner Protection Co" } });
    expect(body.verification_required).toBeUndefined();
    const me = (await (await call("/api/account/me", { cookie: cookieFrom(joined) })).json()) as { organization: { name: string }; role: string };
    expect(me).toMatchObject({ organization: { name: "Owner Protection Co" }, role: "viewer" });
    expect(await env.DB.prepare("select email_verified from users where email = ?").bind(email).first("email_verified")).toBe(1);

    // Another invitation's token (another address) proves nothing here: the code is asked, as for an address typed by hand.
    const second = uniqueEmail("typed");
    const { id: secondId } = await invite(second);
    const asked = await signUpFrom(second, secondId, token);
    expect(asked.status).toBe(201);
    expect(await asked.json()).toMatchObject({ organization: null, verification_required: true });
    expect((await call("/api/org", { cookie: cookieFrom(asked) })).status).toBe(403);
  });

  it("cannot be accepted by somebody signed in with another e-mail", async () => {
    const created = await call("/api/org/invitations", { cookie: owner.cookie, body: { email: uniqueEmail("target"), role: "admin" } });
    const { invitation } = (await created.json()) as { invitation: { id: string } };
    const response = await call(`/api/invitations/${invitation.id}/accept`, { cookie: other.cookie, body: {} });
    expect(response.status).toBe(403);
  });

  it("requires an email (spec 001 §5) and refuses inviting an existing member", async () => {
    const empty = await call("/api/org/invitations", { cookie: owner.cookie, body: { email: "", role: "viewer" } });
    expect(((await empty.json()) as { error: { fields: { email: string } } }).error.fields.email).toBe("Please enter an email address.");
    const member = await call("/api/org/invitations", { cookie: owner.cookie, body: { email: admin.email, role: "viewer" } });
    expect(member.status).toBe(409);
  });
});

describe("a second organization's data", () => {
  it("is never visible: members, invitations and audit are the caller's own", async () => {
    for (const path of ["/api/org/members", "/api/org/invitations", "/api/org/audit"]) {
      const text = await (await call(path, { cookie: other.cookie })).text();
      expect(text).not.toContain(owner.email);
      expect(text).not.toContain(admin.email);
    }
    const { organization } = (await (await call("/api/org", { cookie: other.cookie })).json()) as { organization: { id: string } };
    expect(organization.id).toBe(other.organizationId);
  });

  it("answers 404 for another organization's member id", async () => {
    const response = await call(`/api/org/members/${admin.memberId}`, { method: "PATCH", cookie: other.cookie, body: { role: "viewer" } });
    expect(response.status).toBe(404);
  });
});

describe("the audit log", () => {
  it("records sign-ins, failed sign-ins, invitations, role changes and removals with who, what and IP", async () => {
    const member = await inviteAndJoin(owner, "viewer");
    await call(`/api/org/members/${member.memberId}`, { method: "PATCH", cookie: owner.cookie, body: { role: "admin" } });
    await call(`/api/org/members/${member.memberId}`, { method: "DELETE", cookie: owner.cookie });
    const ip = { "cf-connecting-ip": "203.0.113.7" };
    await call("/api/auth/sign-in/email", { body: { email: owner.email, password: "wrong password" }, headers: ip });
    const signedIn = await call("/api/auth/sign-in/email", { body: { email: owner.email, password: PASSWORD }, headers: ip });
    expect(signedIn.status).toBe(200);

    const { entries } = (await (await call("/api/org/audit", { cookie: cookieFrom(signedIn) })).json()) as {
      entries: { action: string; actor_email: string | null; target: string | null; ip: string | null; details: unknown }[];
    };
    const actions = entries.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(["invitation_created", "member_role_changed", "member_removed", "sign_in_failed", "sign_in", "organization_updated"]),
    );
    expect(entries.find((e) => e.action === "member_role_changed")).toMatchObject({
      actor_email: owner.email,
      target: member.email,
      details: { from: "viewer", to: "admin" },
    });
    expect(entries.find((e) => e.action === "sign_in_failed")).toMatchObject({ actor_email: owner.email, ip: "203.0.113.7" });
  });
});
