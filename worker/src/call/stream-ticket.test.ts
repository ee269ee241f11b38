import { describe, expect, it } from "vitest";
import { TICKET_TTL_MS, checkTicket, hashToken, mintToken } from "./stream-ticket";

describe("the one-time stream ticket", async () => {
  const token = mintToken();
  const fresh = { tokenHash: await hashToken(token), expiresAt: 1_000 + TICKET_TTL_MS, redeemed: false };
  it.each([
    ["the right token within 60 s", fresh, token, 1_000 + TICKET_TTL_MS, "ok"],
    ["no token", fresh, undefined, 1_000, "missing"],
    ["no ticket for this call", undefined, token, 1_000, "unknown"],
    ["a redeemed ticket", { ...fresh, redeemed: true }, token, 2_000, "reused"],
    ["one millisecond past 60 s", fresh, token, 1_001 + TICKET_TTL_MS, "expired"],
    ["another call's token", fresh, mintToken(), 2_000, "mismatch"],
  ] as const)("%s → %s", async (_case, ticket, given, now, verdict) => {
    expect(await checkTicket(ticket, given, now)).toBe(verdict);
  });

  it("mints unguessable, URL-safe tokens", () => {
    const tokens = new Set(Array.from({ length: 100 }, mintToken));
    expect(tokens.size).toBe(100);
    for (const value of tokens) expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
