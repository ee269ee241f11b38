import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const DAY = "2026-11-24";
const CAP = 2_000_000;
const meter = () => env.SPEND_METER.get(env.SPEND_METER.idFromName(`org_${crypto.randomUUID()}`));

describe("SpendMeter: an organization's spend today against its cap", () => {
  it("holds for calls in progress, counts each call's charge once, and admits again once holds are released", async () => {
    const spend = meter();
    expect(await spend.admit(DAY, "CA1", 1_000_000, CAP)).toEqual({ admitted: true, spent: 0, reserved: 1_000_000 });
    expect(await spend.admit(DAY, "CA2", 1_000_000, CAP)).toEqual({ admitted: true, spent: 0, reserved: 2_000_000 });
    expect((await spend.admit(DAY, "CA3", 1_000_000, CAP)).admitted).toBe(false);
    // A repeated webhook for an admitted call is admitted again without holding twice.
    expect(await spend.admit(DAY, "CA1", 1_000_000, CAP)).toEqual({ admitted: true, spent: 0, reserved: 2_000_000 });
    expect(await spend.charge(DAY, "CA1", 300_000, CAP)).toEqual({ crossed: [], spent: 300_000, reserved: 1_000_000 });
    // Twilio's retry of the same status callback changes nothing.
    expect(await spend.charge(DAY, "CA1", 300_000, CAP)).toEqual({ crossed: [], spent: 300_000, reserved: 1_000_000 });
    expect((await spend.admit(DAY, "CA3", 1_000_000, CAP)).admitted).toBe(true);
    expect(await spend.charge(DAY, "CA2", 1_400_000, CAP)).toEqual({ crossed: ["warning"], spent: 1_700_000, reserved: 1_000_000 });
    expect((await spend.charge(DAY, "CA3", 400_000, CAP)).crossed).toEqual(["capped"]);
    // The next day starts from nothing.
    expect(await spend.snapshot("2026-11-25")).toEqual({ spent: 0, reserved: 0 });
    expect((await spend.charge("2026-11-25", "CA1", 100_000, CAP)).spent).toBe(100_000);
  });

  it("counts work that may be left undone only while it fits under the cap with the calls in progress, 100 at once", async () => {
    const spend = meter();
    await spend.charge(DAY, "", 1_500_000, CAP);
    await spend.admit(DAY, "CAheld", 200_000, CAP);
    // $0.30 left beside the call's hold: 60 analyses of $0.005 fit, of 100 asked for at once.
    const asked = await Promise.all(Array.from({ length: 100 }, () => spend.chargeWithin(DAY, 5_000, CAP)));
    expect(asked.filter((result) => result.charged)).toHaveLength(60);
    expect(await spend.snapshot(DAY)).toEqual({ spent: 1_800_000, reserved: 200_000 });
    // The warning was crossed by one of them, once.
    expect(asked.flatMap((result) => result.crossed)).toEqual(["warning"]);
    // The call's end releases its hold: there is room again.
    await spend.charge(DAY, "CAheld", 100_000, CAP);
    expect((await spend.chargeWithin(DAY, 5_000, CAP)).charged).toBe(true);
  });

  it("corrects a charge counted today to its real cost, once, and leaves unknown or earlier charges alone", async () => {
    const spend = meter();
    await spend.charge(DAY, "CAnever", 194_000, CAP);
    await spend.charge(DAY, "CAtalked", 388_000, CAP);
    expect(await spend.correct(DAY, "CAnever", 8_500)).toEqual({ spent: 396_500, reserved: 0 });
    // Corrected again to the same amount (a repeated callback): nothing moves.
    expect(await spend.correct(DAY, "CAnever", 8_500)).toEqual({ spent: 396_500, reserved: 0 });
    expect(await spend.correct(DAY, "CAunknown", 1_000)).toEqual({ spent: 396_500, reserved: 0 });
    // A charge of another day is gone with its day.
    expect(await spend.correct("2026-11-25", "CAtalked", 1_000)).toEqual({ spent: 0, reserved: 0 });
  });

  it("keeps today's spend, holds and charges recorded in the single record it kept before, so a deploy loses none", async () => {
    const spend = meter();
    await runInDurableObject(spend, (_instance, state) => {
      state.storage.kv.put("day", {
        day: DAY,
        spent: 1_500_000,
        reserved: { CAheld: { micro: 600_000, at: Date.now() } },
        charged: ["CAdone"],
        told: ["warning"],
      });
    });
    expect(await spend.snapshot(DAY)).toEqual({ spent: 1_500_000, reserved: 600_000 });
    expect((await spend.charge(DAY, "CAdone", 900_000, CAP)).spent).toBe(1_500_000);
    expect((await spend.admit(DAY, "CAnew", 200_000, CAP)).admitted).toBe(false);
    expect(await spend.charge(DAY, "CAheld", 600_000, CAP)).toEqual({ crossed: ["capped"], spent: 2_100_000, reserved: 0 });
  });

  it("stops counting the hold of a call whose end never arrived after two hours", async () => {
    const spend = meter();
    expect((await spend.admit(DAY, "CAlost", CAP, CAP)).admitted).toBe(true);
    expect((await spend.admit(DAY, "CAnext", 1_000_000, CAP)).admitted).toBe(false);
    await runInDurableObject(spend, (_instance, state) => {
      const twoHoursAgo = Date.now() - 2 * 60 * 60 * 1000 - 1_000;
      state.storage.kv.put("hold:CAlost", { micro: CAP, at: twoHoursAgo });
      state.storage.kv.put("today", { ...state.storage.kv.get<Record<string, unknown>>("today"), sweptAt: twoHoursAgo });
    });
    expect(await spend.admit(DAY, "CAnext", 1_000_000, CAP)).toEqual({ admitted: true, spent: 0, reserved: 1_000_000 });
  });
});
