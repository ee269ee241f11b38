/**
 * Settings › My phone (issue 56 §3): an owner's or admin's own phone, the one a take-over rings, typed as they dial it
 * in the organization's region, kept as E.164 and shown by GET /api/account/me; a phone calls may not go to, or no
 * phone at all, is refused on its field; null clears it. Viewers are refused (they cannot take a call over).
 */
import { LIVE_CALL_MESSAGES } from "@nikki/core";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, inviteAndJoin, signUp } from "./accounts";

let owner: SignedUp;
let admin: SignedUp;
let viewer: SignedUp;

beforeAll(async () => {
  owner = await signUp({ company: "My Phone Dental" });
  admin = await inviteAndJoin(owner, "admin");
  viewer = await inviteAndJoin(owner, "viewer");
});

const put = (who: SignedUp, body: unknown) => call("/api/org/members/me/phone", { method: "PUT", cookie: who.cookie, body });
const myPhone = async (who: SignedUp) =>
  ((await (await call("/api/account/me", { cookie: who.cookie })).json()) as { user: { phone: string | null } }).user.phone;
const refusal = async (response: Response) => {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { code: string; fields?: Record<string, string> } }).error;
};

describe("my phone, rung when I take over a call", () => {
  it("is typed as dialled, kept as E.164 for each member apart, refused when it is no phone or calls may not go there, and cleared with null", async () => {
    expect(await myPhone(owner)).toBeNull();
    const saved = await put(owner, { phone: "(415) 555-0123" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ phone: "+14155550123" });
    expect(await myPhone(owner)).toBe("+14155550123");
    expect(await myPhone(admin)).toBeNull();

    expect((await refusal(await put(owner, { phone: "call me" }))).fields).toEqual({ phone: LIVE_CALL_MESSAGES.phone });
    // A premium-rate number is never dialled (DESIGN.md "Where calls may go"); nor another country's unless allowed.
    expect((await refusal(await put(owner, { phone: "+1 900 555 0123" }))).fields?.phone).toBeTruthy();
    expect((await refusal(await put(owner, { phone: "+44 20 7946 0958" }))).code).toBe("destination_not_allowed");
    expect((await refusal(await put(owner, {}))).fields?.phone).toBeTruthy();
    expect((await refusal(await put(owner, { phone: "+14155550123", extra: 1 }))).code).toBe("validation_failed");
    expect(await myPhone(owner)).toBe("+14155550123");

    expect((await put(admin, { phone: "+1 512 555 0199" })).status).toBe(200);
    expect(await myPhone(admin)).toBe("+15125550199");
    expect((await put(owner, { phone: null })).status).toBe(200);
    expect(await myPhone(owner)).toBeNull();
    expect(await myPhone(admin)).toBe("+15125550199");

    expect((await put(viewer, { phone: "(415) 555-0123" })).status).toBe(403);
    expect(await myPhone(viewer)).toBeNull();
  });
});
