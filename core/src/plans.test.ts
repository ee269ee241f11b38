import { describe, expect, it } from "vitest";
import { KNOWLEDGE_LIMITS } from "./knowledge";
import { IMPORT_LIMITS } from "./knowledge-import";
import { DEFAULT_PLAN_SLUG, PLANS, findPlan, formatUsd, lowestPlanPrice } from "./plans";

describe("plan catalogue (DESIGN.md)", () => {
  it.each([
    ["starter", 2_900, 150, 15, 2],
    ["growth", 7_900, 400, 10, 5],
    ["scale", 15_900, 1_000, 8, null],
    ["unlimited", 30_000, null, null, null],
  ])("%s: %i cents, %s minutes, %s cents overage, %s agents", (slug, price, minutes, overage, agents) => {
    const plan = findPlan(slug);
    expect(plan).toMatchObject({
      priceCents: price,
      includedMinutes: minutes,
      overageCentsPerMinute: overage,
      agents,
    });
  });

  it("has Growth as the one Most Popular plan and the default", () => {
    expect(PLANS.filter((plan) => plan.popular).map((plan) => plan.slug)).toEqual(["growth"]);
    expect(DEFAULT_PLAN_SLUG).toBe("growth");
  });

  it("derives the home page's starting price from the catalogue", () => {
    expect(lowestPlanPrice()).toBe("$29");
    expect(formatUsd(1_050)).toBe("$10.50");
  });

  it.each([
    ["starter", 100, 5_000],
    ["growth", 200, 10_000],
    ["scale", 500, 20_000],
    ["unlimited", 1_000, 20_000],
  ])("%s: at most %i knowledge entries of %i characters", (slug, entries, entryChars) => {
    expect(findPlan(slug)?.knowledge).toEqual({ entries, entryChars });
  });

  it("lets every plan hold an imported section whole and no entry longer than the schema's", () => {
    for (const plan of PLANS) {
      expect(plan.knowledge.entryChars).toBeGreaterThanOrEqual(IMPORT_LIMITS.sectionChars);
      expect(plan.knowledge.entryChars).toBeLessThanOrEqual(KNOWLEDGE_LIMITS.body);
    }
  });

  it("answers undefined for an unknown slug", () => {
    expect(findPlan("free")).toBeUndefined();
  });
});
