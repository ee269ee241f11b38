import { beforeAll, describe, expect, it } from "vitest";
import { call, inviteAndJoin, signUp } from "./accounts";
import { MATRIX } from "./access-matrix-rows";
import { CALLERS, type World } from "./access-matrix-types";
import { servedRoutes } from "./served-routes";

/**
 * Every /api route × {anonymous, viewer, admin, owner, member of another organization} → the status it must
 * answer (the rows: access-matrix-rows.ts). A route the app serves without a row fails the first test.
 * /twilio/* and /webhooks/* are the signature matrix's (signature-matrix.test.ts).
 */

/** Routes outside the matrix: better-auth's own endpoints (covered by the auth tests) and pages. */
const OUTSIDE = (route: string) => route.includes(" /api/auth/") || !route.includes(" /api/");

let world: World;

beforeAll(async () => {
  const owner = await signUp({ company: "Matrix Org A" });
  const admin = await inviteAndJoin(owner, "admin");
  const viewer = await inviteAndJoin(owner, "viewer");
  const target = await inviteAndJoin(owner, "viewer");
  const other = await signUp({ company: "Matrix Org B" });
  world = { owner, admin, viewer, other, targetMemberId: target.memberId };
});

describe("the role × route matrix", () => {
  it("has a row for every /api route the app serves", () => {
    expect(
      servedRoutes()
        .filter((route) => !OUTSIDE(route))
        .sort(),
    ).toEqual(MATRIX.map((row) => row.route).sort());
  });

  for (const row of MATRIX) {
    it(`${row.route}: ${CALLERS.map((caller) => `${caller} ${row.expect[caller]}`).join(", ")}`, async () => {
      const method = row.route.split(" ")[0]!;
      const answered: Record<string, number> = {};
      for (const caller of CALLERS) {
        const { path: target, body, headers } = await row.request(world);
        const cookie = caller === "anonymous" ? undefined : world[caller].cookie;
        const response = await call(target, { method, body, cookie, headers });
        answered[caller] = response.status;
        if (caller === "other" && response.status === 200 && method === "GET" && target === "/api/org/members") {
          const { members } = (await response.json()) as { members: { user_id: string }[] };
          expect(members.map((m) => m.user_id)).toEqual([world.other.userId]);
        }
      }
      expect(answered).toEqual(Object.fromEntries(CALLERS.map((caller) => [caller, row.expect[caller]])));
    });
  }
});
