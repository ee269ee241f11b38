import { describe, expect, it } from "vitest";
import { LEAD_MESSAGES, validateLead } from "./lead";

const valid = { name: "Ada Lovelace", phone: "(415) 555-2671" };

describe("validateLead: the spec's message for each failing field (spec 000 §5)", () => {
  it.each([
    ["name", { name: "A" }, LEAD_MESSAGES.nameMin],
    ["name", { name: "  A  " }, LEAD_MESSAGES.nameMin],
    ["name", { name: "x".repeat(101) }, LEAD_MESSAGES.nameMax],
    ["name", { name: "" }, LEAD_MESSAGES.nameMin],
    ["phone", { phone: "555-1234" }, LEAD_MESSAGES.phoneMin],
    ["phone", { phone: "(415) 555-26" }, LEAD_MESSAGES.phoneMin],
    ["phone", { phone: "415 555 2671 000 00 1234" }, LEAD_MESSAGES.phoneMax],
    ["phone", { phone: "415-555-CALL" }, LEAD_MESSAGES.phoneChars],
    ["phone", { phone: "4155552671#" }, LEAD_MESSAGES.phoneChars],
    ["email", { email: "ada@" }, LEAD_MESSAGES.emailFormat],
    ["email", { email: "not an email" }, LEAD_MESSAGES.emailFormat],
    ["email", { email: `${"a".repeat(250)}@example.com` }, LEAD_MESSAGES.emailMax],
    ["notes", { notes: "n".repeat(1001) }, LEAD_MESSAGES.notesMax],
    ["intent", { intent: "spam" }, LEAD_MESSAGES.intent],
    ["desired_date_time", { desired_date_time: "tomorrow" }, LEAD_MESSAGES.desiredDateTime],
    ["source_page", { source_page: "https://evil.example/" }, LEAD_MESSAGES.sourcePage],
  ])("%s: %j → %s", (field, patch, message) => {
    const result = validateLead({ ...valid, ...patch });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields[field as keyof typeof result.fields]).toBe(message);
  });

  it("reports every failing field at once, one message each", () => {
    const result = validateLead({ name: "", phone: "", email: "x" });
    expect(result).toEqual({
      ok: false,
      fields: { name: LEAD_MESSAGES.nameMin, phone: LEAD_MESSAGES.phoneMin, email: LEAD_MESSAGES.emailFormat },
    });
  });

  it("treats missing name and phone as failing with the minimum messages' fields", () => {
    const result = validateLead({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fields).sort()).toEqual(["name", "phone"]);
  });

  it("trims text and drops empty optional fields", () => {
    const result = validateLead({
      name: "  Ada Lovelace ",
      phone: " +1 415 555 2671 ",
      email: "  ",
      intent: "",
      notes: "   ",
      desired_date_time: "",
      source_page: " /contact ",
    });
    expect(result).toEqual({
      ok: true,
      lead: { name: "Ada Lovelace", phone: "+1 415 555 2671", source_page: "/contact" },
    });
  });

  it.each([
    ["100-character name", { name: "x".repeat(100) }],
    ["20-character phone", { phone: "+1 (415) 555-2671 12" }],
    ["1000-character notes", { notes: "n".repeat(1000) }],
    [
      "every optional field",
      {
        email: "ada@example.com",
        intent: "book_appointment",
        notes: "Leaky faucet",
        desired_date_time: "2026-12-01T09:30",
        source_page: "/",
      },
    ],
  ])("accepts the boundary: %s", (_case, patch) => {
    expect(validateLead({ ...valid, ...patch }).ok).toBe(true);
  });
});
