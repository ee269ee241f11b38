import { API_ERRORS, HOURLY_LIMITS, INVITATION_CODE_MESSAGES, INVITATION_REVOKED_MESSAGE, SPEND_MESSAGES, tryAgainIn } from "@nikki/core";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { chargeSpend } from "../src/billing/spend";
import { createLogger } from "../src/logger";
import { liveServices } from "../src/services";
import type { MailMessage } from "../src/services/mail";
import { type SignedUp, call, signUp, uniqueEmail } from "./accounts";
import { testServices } from "./services";
import { SIMULATED } from "./simulators";
import { callSid, twilioPost } from "./twilio";

/**
 * Issue 33 §2: nothing that costs money or sends mail is unlimited. Each limit answers 429, Retry-After and its own
 * words, followed by when to try again (as Retry-After says).
 */
async function expectLimited(response: Response, message: string) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(await response.json()).toEqual({ error: { code: "rate_limited", message: `${message} ${tryAgainIn(retryAfter)}` } });
}

const api = (who: SignedUp, path: string, body?: unknown, method?: string) => call(path, { method, cookie: who.cookie, body });

async function callWithTranscript(owner: SignedUp): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `insert into calls (id, call_sid, organization_id, from_number, to_number, processing_status, summary, entities, transcript, direction)
     values (?, ?, ?, '+14155552671', '+14155550100', 'processed', 'A caller', '{"name":"Ada Lovelace","phone":"+14155552671"}',
             '[{"role":"user","content":"Hi, I need a plumber"}]', 'inbound')`,
  )
    .bind(id, callSid(), owner.organizationId)
    .run();
  return id;
}

describe("re-running AI analysis", () => {
  it("is limited to 10 an hour per organization, and each run counts against the daily spend cap", async () => {
    const owner = await signUp({ company: "Reprocessing Plumbing" });
    const id = await callWithTranscript(owner);
    for (let run = 1; run <= HOURLY_LIMITS.reprocess.perHour; run++) expect((await api(owner, `/api/calls/${id}/reprocess`, {})).status).toBe(202);
    await expectLimited(await api(owner, `/api/calls/${id}/reprocess`, {}), HOURLY_LIMITS.reprocess.message);
    const { spend } = (await (await api(owner, "/api/billing/subscription")).json()) as { spend: { spent_usd: number } };
    expect(spend.spent_usd).toBeCloseTo(0.05, 2);
    // Another organization's hour is its own.
    const other = await signUp({ company: "Other Reprocessing" });
    expect((await api(other, `/api/calls/${await callWithTranscript(other)}/reprocess`, {})).status).toBe(202);
  });

  it("is refused past the daily cap and after a lapsed trial, with words for what it is", async () => {
    const owner = await signUp({ company: "Capped Reprocessing" });
    const id = await callWithTranscript(owner);
    await api(owner, "/api/org/settings", { daily_spend_cap_usd: 1 }, "PATCH");
    await chargeSpend(testServices(), createLogger({}, "error"), owner.organizationId, "", 1_000_000);
    const capped = await api(owner, `/api/calls/${id}/reprocess`, {});
    expect(capped.status).toBe(429);
    expect(await capped.json()).toEqual({ error: { code: "spend_cap", message: SPEND_MESSAGES.analysisCapped } });

    const lapsed = await signUp({ company: "Lapsed Reprocessing" });
    await env.DB.prepare("update organizations set trial_ends_at = ? where id = ?")
      .bind(Date.now() - 1000, lapsed.organizationId)
      .run();
    const refused = await api(lapsed, `/api/calls/${await callWithTranscript(lapsed)}/reprocess`, {});
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({ error: { code: "trial_ended", message: SPEND_MESSAGES.analysisTrialEnded } });
  });
});

describe("e-mail", () => {
  it("invitations: 20 an hour per organization; a refused one is not stored", async () => {
    const owner = await signUp({ company: "Inviting Plumbing" });
    const invite = () => api(owner, "/api/org/invitations", { email: uniqueEmail("invitee"), role: "viewer" });
    for (let sent = 1; sent <= HOURLY_LIMITS.invitations.perHour; sent++) expect((await invite()).status).toBe(201);
    await expectLimited(await invite(), HOURLY_LIMITS.invitations.message);
    const listed = (await (await api(owner, "/api/org/invitations")).json()) as { invitations: unknown[] };
    expect(listed.invitations).toHaveLength(HOURLY_LIMITS.invitations.perHour);
  });

  it("password resets: 5 an hour to one address, 20 an hour from one network address", async () => {
    const owner = await signUp({ company: "Forgetful Plumbing" });
    const reset = (email: string, ip: string) =>
      call("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" }, headers: { "cf-connecting-ip": ip } });
    for (let sent = 1; sent <= HOURLY_LIMITS.resetPerAddress.perHour; sent++) expect((await reset(owner.email, `198.51.100.${sent}`)).status).toBe(200);
    await expectLimited(await reset(owner.email, "198.51.100.99"), HOURLY_LIMITS.resetPerAddress.message);

    for (let sent = 1; sent <= HOURLY_LIMITS.resetPerIp.perHour; sent++) expect((await reset(uniqueEmail("nobody"), "203.0.113.50")).status).toBe(200);
    await expectLimited(await reset(uniqueEmail("nobody"), "203.0.113.50"), HOURLY_LIMITS.resetPerIp.message);
  });
});

describe("invitation codes", () => {
  /** An invitation to a fresh account, accepted through an app whose mailer keeps what it sends. */
  async function invited() {
    const owner = await signUp({ company: "Code Keepers" });
    const invitee = await signUp({ company: "Invitee Shop" });
    const created = await api(owner, "/api/org/invitations", { email: invitee.email, role: "viewer" });
    const { invitation } = (await created.json()) as { invitation: { id: string } };
    const sent: MailMessage[] = [];
    const app = createApp((bindings, config) => ({
      ...liveServices(bindings, config),
      mailer: () => ({ delivers: true, send: async (message: MailMessage) => void sent.push(message) }),
    }));
    const accept = () =>
      app.request(
        `https://nikki.test/api/invitations/${invitation.id}/accept`,
        { method: "POST", headers: { "content-type": "application/json", origin: "https://nikki.test", cookie: invitee.cookie }, body: "{}" },
        env,
      );
    const lastCode = () => /\b(\d{6})\b/.exec(sent.at(-1)!.text)![1]!;
    const verify = (code: string) => api(invitee, `/api/invitations/${invitation.id}/verify`, { code });
    const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");
    return { invitation, invitee, accept, lastCode, verify, wrongFor, sent };
  }

  it("are e-mailed at most 3 times an hour for one invitation", async () => {
    const { accept, sent } = await invited();
    for (let send = 1; send <= HOURLY_LIMITS.invitationCodes.perHour; send++) expect((await accept()).status).toBe(202);
    await expectLimited(await accept(), HOURLY_LIMITS.invitationCodes.message);
    expect(sent).toHaveLength(HOURLY_LIMITS.invitationCodes.perHour);
  });

  it("count wrong guesses per invitation across resends: 5 an hour, then even the right code waits", async () => {
    const { accept, lastCode, verify, wrongFor } = await invited();
    await accept();
    for (let guess = 1; guess <= 2; guess++) expect((await verify(wrongFor(lastCode()))).status).toBe(400);
    // A new code does not reset the count (it did before: each /accept started from zero).
    await accept();
    for (let guess = 3; guess <= 5; guess++) {
      const wrong = await verify(wrongFor(lastCode()));
      expect(((await wrong.json()) as { error: { fields: object } }).error.fields).toEqual({ code: INVITATION_CODE_MESSAGES.wrong });
    }
    await expectLimited(await verify(lastCode()), HOURLY_LIMITS.codeGuesses.message);
  });

  it("revoke the invitation at the 10th wrong guess in all", async () => {
    const { invitation, accept, lastCode, verify, wrongFor } = await invited();
    await accept();
    // Nine wrong guesses over earlier hours, as the invitation's own count keeps them.
    await env.DB.prepare("update invitations set code_failures = 9 where id = ?").bind(invitation.id).run();
    const revoked = await verify(wrongFor(lastCode()));
    expect(revoked.status).toBe(403);
    expect(await revoked.json()).toEqual({ error: { code: "forbidden", message: INVITATION_REVOKED_MESSAGE } });
    expect(await env.DB.prepare("select status from invitations where id = ?").bind(invitation.id).first("status")).toBe("revoked");
    expect((await verify(lastCode())).status).toBe(404);
  });
});

describe("requests to providers", () => {
  // 93 requests to the worker, each reaching a simulated provider: well over the default 5 s on a busy 2-core machine.
  it("Test Connection, Push to CRM and number search: 30 an hour per organization each", { timeout: 60_000 }, async () => {
    const owner = await signUp({ company: "Busy Plumbing" });
    await api(owner, "/api/integrations/hubspot", { credentials: { private_app_token: "pat-na1-simulated" } }, "PUT");
    const id = await callWithTranscript(owner);
    const cases = [
      ["/api/integrations/hubspot/test", HOURLY_LIMITS.integrationTests],
      [`/api/calls/${id}/push-crm`, HOURLY_LIMITS.pushCrm],
      ["/api/numbers/search", HOURLY_LIMITS.numberSearch],
    ] as const;
    for (const [path, { perHour, message }] of cases) {
      for (let sent = 1; sent <= perHour; sent++) expect((await api(owner, path, {})).status).not.toBe(429);
      await expectLimited(await api(owner, path, {}), message);
    }
  });
});

describe("Test Suite runs", () => {
  it("obey the plan like real calls: a lapsed trial is refused with a real call's message, and its calls take messages", async () => {
    const owner = await signUp({ company: "Lapsed Suite" });
    const created = await api(owner, "/api/agents", { name: "Tess" });
    const { agent } = (await created.json()) as { agent: { id: string } };
    const number = "+14155550177";
    await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
      .bind(crypto.randomUUID(), owner.organizationId, number, agent.id)
      .run();
    await env.DB.prepare("update organizations set trial_ends_at = ? where id = ?")
      .bind(Date.now() - 1000, owner.organizationId)
      .run();

    const refused = await api(owner, "/api/test-suite/runs", { scenario: "lead" });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({ error: { code: "trial_ended", message: API_ERRORS.trial_ended.message } });

    // A run started before the trial lapsed: its call is answered as a real call would be now.
    const sid = callSid();
    await env.DB.prepare("insert into test_runs (id, organization_id, scenario, lines, expect, call_sid) values (?, ?, 'lead', '[]', 'lead', ?)")
      .bind(crypto.randomUUID(), owner.organizationId, sid)
      .run();
    const twiml = await (
      await twilioPost("/twilio/voice/inbound", { CallSid: sid, AccountSid: SIMULATED.twilioAccountSid, From: "+15005550006", To: number })
    ).text();
    expect(twiml).toContain("<Record ");
    expect(twiml).not.toContain("<Stream");
  });
});
