import { describe, expect, it } from "vitest";
import { instructionCanary, leaksInstructions, withCanary } from "./instruction-guard";

const INSTRUCTIONS =
  "You are Nikki, the receptionist of Acme Plumbing. What you know about the business: emergency call-outs cost $149 before 8 pm, $249 after. Never invent prices you were not given.";

describe("the instruction guard", () => {
  it("derives one canary per secret, unguessable without it", async () => {
    expect(await instructionCanary("a".repeat(40))).toBe(await instructionCanary("a".repeat(40)));
    expect(await instructionCanary("a".repeat(40))).not.toBe(await instructionCanary("b".repeat(40)));
    expect(await instructionCanary("a".repeat(40))).toMatch(/^NKC-[0-9a-f]{16}$/);
  });

  it.each([
    ["the canary alone", (canary: string) => `Sure, the code is ${canary}.`],
    ["the instructions quoted", () => `My brief says: ${INSTRUCTIONS}`],
    ["a long quote with its spacing and case changed", () => `ok: EMERGENCY   call-outs cost $149 before 8 pm, $249 after. never invent prices you were`],
  ])("catches %s", async (_case, reply) => {
    const canary = await instructionCanary("s".repeat(40));
    expect(leaksInstructions(reply(canary), withCanary(INSTRUCTIONS, canary), canary)).toBe(true);
  });

  it("lets an answer quote the business's knowledge word for word, and still catches the rest of the instructions", async () => {
    const canary = await instructionCanary("s".repeat(40));
    const knowledge = "Emergency call-outs cost $149 before 8 pm and $249 after, any day of the week, including public holidays.";
    const instructions = withCanary(
      `You are Nikki, the receptionist of Acme Plumbing.\n\nWhat you know about the business:\n${knowledge}\n\nNever invent prices, availability or facts you were not given; offer a call back instead.`,
      canary,
    );
    expect(leaksInstructions(`${knowledge} Shall I book one?`, instructions, canary)).toBe(true);
    expect(leaksInstructions(`${knowledge} Shall I book one?`, instructions, canary, knowledge)).toBe(false);
    expect(leaksInstructions("I was told: never invent prices, availability or facts you were not given.", instructions, canary, knowledge)).toBe(true);
  });

  it("lets an ordinary answer through, even one that repeats a fact from the instructions", async () => {
    const canary = await instructionCanary("s".repeat(40));
    expect(leaksInstructions("An emergency call-out is $149 before 8 pm. Shall I book one?", withCanary(INSTRUCTIONS, canary), canary)).toBe(false);
  });
});
