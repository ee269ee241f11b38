import { ACCOUNT_MESSAGES, LEAD_MESSAGES, LIMITS } from "@nikki/core";
import { env } from "cloudflare:test";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createD1Database } from "../../db/client";
import { leads } from "../../db/schema";
import { hashingTimeout } from "../../../test/password-hashing";
import { BASE, type Envelope, postJson } from "../../../test/post-json";

const valid = { name: "Ada Lovelace", phone: "(415) 555-2671", source_page: "/contact" };

describe("POST /api/leads", () => {
  it("stores a valid lead with its trimmed fields and source page, and answers 201 {id}", async () => {
    const res = await postJson("/api/leads", {
      ...valid,
      name: "  Ada Lovelace  ",
      email: "ada@example.com",
      intent: "book_appointment",
      notes: " Leaky faucet ",
      desired_date_time: "2026-12-01T09:30",
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await createD1Database(env.DB).select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({
      name: "Ada Lovelace",
      phone: "(415) 555-2671",
      email: "ada@example.com",
      intent: "book_appointment",
      notes: "Leaky faucet",
      desiredDateTime: "2026-12-01T09:30",
      sourcePage: "/contact",
      source: "form",
      organizationId: null,
    });
  });

  it("records the referring page of this site when the client does not name one", async () => {
    const res = await postJson("/api/leads", { name: "Ada", phone: "4155552671" }, { referer: `${BASE}/pricing?x=1` });
    const { id } = (await res.json()) as { id: string };
    const [row] = await createD1Database(env.DB).select().from(leads).where(eq(leads.id, id));
    expect(row?.sourcePage).toBe("/pricing");
  });

  it.each([
    ["name", { name: "A" }, LEAD_MESSAGES.nameMin],
    ["name", { name: "x".repeat(101) }, LEAD_MESSAGES.nameMax],
    ["phone", { phone: "555-1234" }, LEAD_MESSAGES.phoneMin],
    ["phone", { phone: "+1 (415) 555-2671 000 0" }, LEAD_MESSAGES.phoneMax],
    ["phone", { phone: "415-555-CALL" }, LEAD_MESSAGES.phoneChars],
    ["email", { email: "ada@" }, LEAD_MESSAGES.emailFormat],
    ["email", { email: `${"a".repeat(250)}@example.com` }, LEAD_MESSAGES.emailMax],
    ["notes", { notes: "n".repeat(1001) }, LEAD_MESSAGES.notesMax],
  ])("answers 400 with the spec's message for an invalid %s and stores nothing", async (field, patch, message) => {
    const before = await env.DB.prepare("select count(*) as n from leads").first<{ n: number }>();
    const res = await postJson("/api/leads", { ...valid, ...patch });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields?.[field]).toBe(message);
    const after = await env.DB.prepare("select count(*) as n from leads").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });
});

describe("the error envelope", () => {
  it("answers malformed JSON with 400 invalid_json", async () => {
    const res = await postJson("/api/leads", '{"name": "Ada",');
    expect(res.status).toBe(400);
    expect(((await res.json()) as Envelope).error.code).toBe("invalid_json");
  });

  it("answers a non-JSON content type with 415", async () => {
    const res = await postJson("/api/leads", "name=Ada", { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(415);
    expect(((await res.json()) as Envelope).error.code).toBe("unsupported_media_type");
  });

  it("answers a body over 64 KB with 413 and stores nothing", async () => {
    const res = await postJson("/api/leads", { ...valid, notes: "n".repeat(70_000) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Envelope).error).toEqual({
      code: "payload_too_large",
      message: "The request body is larger than 64 KB.",
    });
  });

  it("answers an unknown /api route with a JSON 404", async () => {
    const res = await postJson("/api/nope", {});
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(((await res.json()) as Envelope).error.code).toBe("not_found");
  });

  it("gives every response a request id and security headers", async () => {
    const res = await postJson("/api/leads", "{");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("keeps a caller's own request id", async () => {
    const res = await postJson("/api/leads", "{", { "x-request-id": "trace-abc-123" });
    expect(res.headers.get("x-request-id")).toBe("trace-abc-123");
  });
});

describe("per-address limits on what anyone can send", () => {
  it(`take ${LIMITS.leadsPerIpHour} leads an hour from one address, then 429 with Retry-After; another address is not affected`, async () => {
    const from = (ip: string) => postJson("/api/leads", valid, { "cf-connecting-ip": ip });
    for (let i = 0; i < LIMITS.leadsPerIpHour; i++) expect((await from("198.51.100.40")).status).toBe(201);
    const refused = await from("198.51.100.40");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as Envelope).error.message).toBe(LEAD_MESSAGES.tooMany);
    expect((await from("198.51.100.41")).status).toBe(201);
  });

  it(`store exactly ${LIMITS.leadsPerIpHour} of ${LIMITS.leadsPerIpHour + 15} leads sent at once from one address, keeping a hash of it rather than the address`, async () => {
    const address = "198.51.100.42";
    const answers = await Promise.all(
      Array.from({ length: LIMITS.leadsPerIpHour + 15 }, (_, i) => postJson("/api/leads", { ...valid, notes: `burst ${i}` }, { "cf-connecting-ip": address })),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(LIMITS.leadsPerIpHour);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(15);
    const stored = await createD1Database(env.DB).select().from(leads).where(like(leads.notes, "burst %"));
    expect(stored).toHaveLength(LIMITS.leadsPerIpHour);
    expect(new Set(stored.map((row) => row.submitter)).size).toBe(1);
    expect(stored[0]!.submitter).toMatch(/^[\w-]{43}$/);
    expect(stored[0]!.submitter).not.toContain("198.51");
  });

  it(`take ${LIMITS.signUpsPerIpHour} sign-ups an hour from one address, then 429 with Retry-After`, {
    timeout: hashingTimeout(LIMITS.signUpsPerIpHour + 1),
  }, async () => {
    const signUpFrom = (n: number) =>
      postJson(
        "/api/account/signup",
        {
          firstName: "Rate",
          lastName: "Limit",
          email: `rate-${n}-${crypto.randomUUID()}@example.com`,
          company: "Limited Co",
          password: "a long enough password",
        },
        { "cf-connecting-ip": "198.51.100.50" },
      );
    for (let i = 0; i < LIMITS.signUpsPerIpHour; i++) expect((await signUpFrom(i)).status).toBe(201);
    const refused = await signUpFrom(99);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as Envelope).error.message).toBe(ACCOUNT_MESSAGES.tooManySignUps);
  });
});
