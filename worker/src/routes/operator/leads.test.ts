import { OPERATOR_LEAD_COLUMNS } from "@nikki/core";
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { liveServices } from "../../services";
import { type SignedUp, call, signUp } from "../../../test/accounts";
import { SIMULATED } from "../../../test/simulators";

const submitLead = (body: object) =>
  SELF.fetch("https://nikki.test/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.9" },
    body: JSON.stringify(body),
  });

let operator: SignedUp;
beforeAll(async () => {
  operator = await signUp({ email: "operator@nikki.test", company: "Nikki Sales" });
  await submitLead({ name: "Grace Hopper", phone: "+14155550111", email: "grace@navy.example", intent: "quote", notes: "After-hours coverage for two sites" });
  await submitLead({ name: "Alan Turing", phone: "+442071234567", notes: "Bletchley office" });
});

describe("the operators' leads", () => {
  it("are refused to an operator address that is not verified, and to everyone else", async () => {
    expect((await call("/api/operator/leads", { cookie: operator.cookie })).status).toBe(403);
    const business = await signUp({ company: "Some Business" });
    expect((await call("/api/operator/leads", { cookie: business.cookie })).status).toBe(403);
    const me = (await (await call("/api/account/me", { cookie: business.cookie })).json()) as { is_operator: boolean };
    expect(me.is_operator).toBe(false);
  });

  it("list the contact form's leads newest first, never a business's, with search and a CSV", async () => {
    await env.DB.prepare("update users set email_verified = 1 where email = 'operator@nikki.test'").run();
    // A lead a business's agent took is the business's, not the product's.
    await env.DB.prepare("insert into leads (id, organization_id, source, name, phone) values (?, ?, 'call', 'Business Caller', '+14155550199')")
      .bind(crypto.randomUUID(), operator.organizationId)
      .run();
    const me = (await (await call("/api/account/me", { cookie: operator.cookie })).json()) as { is_operator: boolean };
    expect(me.is_operator).toBe(true);

    const all = (await (await call("/api/operator/leads", { cookie: operator.cookie })).json()) as { leads: { name: string }[]; next_cursor: null };
    expect(all.leads.map((lead) => lead.name)).toEqual(["Alan Turing", "Grace Hopper"]);
    expect(all.next_cursor).toBeNull();
    const found = (await (await call("/api/operator/leads?q=navy", { cookie: operator.cookie })).json()) as { leads: { name: string }[] };
    expect(found.leads.map((lead) => lead.name)).toEqual(["Grace Hopper"]);
    // As long as a search may be (D1 refuses LIKE patterns over 50 bytes: no LIKE).
    const long = (await (await call(`/api/operator/leads?q=${"n".repeat(100)}`, { cookie: operator.cookie })).json()) as { leads: unknown[] };
    expect(long.leads).toEqual([]);

    const csv = await call("/api/operator/leads.csv?q=grace", { cookie: operator.cookie });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe(OPERATOR_LEAD_COLUMNS.join(","));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Grace Hopper,+14155550111,grace@navy.example,quote,,After-hours coverage for two sites");

    const bad = await call("/api/operator/leads?cursor=not-a-cursor", { cookie: operator.cookie });
    expect(bad.status).toBe(400);
  });

  it("e-mail each new lead to the sales inbox when mail is configured, and not otherwise", async () => {
    const mails = async () =>
      (
        (await (await fetch(`http://127.0.0.1:${SIMULATED.crmPort}/__requests`)).json()) as {
          path: string;
          body: { to: string[] | string; subject: string; text: string };
        }[]
      ).filter((request) => request.path === "/emails" && JSON.stringify(request.body.to).includes("sales@nikki.test"));
    const before = (await mails()).length;
    const withMail = { ...env, SALES_INBOX: "sales@nikki.test", MAIL_API_KEY: SIMULATED.mailApiKey, MAIL_API_BASE: `http://127.0.0.1:${SIMULATED.crmPort}` };
    const response = await createApp(liveServices).request(
      "https://nikki.test/api/leads",
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.10" },
        body: JSON.stringify({ name: "Ada Byron", phone: "+14155550122", intent: "book_appointment" }),
      },
      withMail,
    );
    expect(response.status).toBe(201);
    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body.subject).toBe("New lead: Ada Byron");
    expect(sent[0]?.body.text).toContain("Looking for: Book an appointment");

    await createApp(liveServices).request(
      "https://nikki.test/api/leads",
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "No Mail", phone: "+14155550123" }) },
      { ...env, SALES_INBOX: "sales@nikki.test" },
    );
    expect((await mails()).length).toBe(before + 1);
  });
});
