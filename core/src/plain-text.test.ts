import { describe, expect, it } from "vitest";
import { createOrganizationSchema, organizationUpdateSchema, parseFields } from "./account";
import { appointmentCreateSchema, serviceCreateSchema } from "./appointments";
import { widgetLeadSchema } from "./business-leads";
import { validateLead } from "./lead";
import { PLAIN_TEXT_MESSAGES as M, hasControlCharacters, plainText } from "./plain-text";

const CONTROLS = ["\r", "\n", "\t", "\u0000", "\u0007", "\u000b", "\u000c", "\u001b", "\u007f", "\u0085", "\u009b", "\u2028", "\u2029"];

describe("plain text", () => {
  it.each(CONTROLS.map((char) => [JSON.stringify(char), char]))("a name with %s is not plain text on one line", (_, char) => {
    expect(hasControlCharacters(`Ada${char}Lovelace`)).toBe(true);
  });

  it("lets text on lines keep typed line breaks (LF, CRLF) and tabs, and nothing else", () => {
    expect(hasControlCharacters("Back door\r\nRing twice\n\tThanks", { lines: true })).toBe(false);
    for (const char of CONTROLS.filter((char) => char !== "\n" && char !== "\t")) expect(hasControlCharacters(`a${char}b`, { lines: true })).toBe(true);
    expect(hasControlCharacters("Zoë O'Brien-Núñez, Jr. 😀")).toBe(false);
  });

  it("writes every line break as LF, tabs as spaces, and drops every other control character", () => {
    expect(plainText("a\r\nb\rc\nd\u0085e\u2028f\u2029g\th\u0000\u0007\u001b[31mi\u009bj")).toBe("a\nb\nc\nd\ne\nf\ng h[31mij");
  });
});

describe("names and notes refuse control characters where they enter", () => {
  const fieldsOf = (schema: Parameters<typeof parseFields>[0], input: unknown) => {
    const parsed = parseFields(schema, input);
    return parsed.ok ? {} : parsed.fields;
  };
  const booking = { service_id: "svc", start: "2026-12-01T15:00:00-05:00", phone: "+14155552671" };

  it.each([
    ["an appointment's name", appointmentCreateSchema, { ...booking, name: "Eve\rATTENDEE:x" }, { name: M.oneLine }],
    ["an appointment's notes", appointmentCreateSchema, { ...booking, name: "Eve", notes: "a\rb" }, { notes: M.lines }],
    ["a service's name", serviceCreateSchema, { name: "Cu\u000bt", duration_minutes: 30 }, { name: M.oneLine }],
    ["a service's price", serviceCreateSchema, { name: "Cut", duration_minutes: 30, price_text: "$80\n$90" }, { price_text: M.oneLine }],
    ["a chat lead's name", widgetLeadSchema, { name: "Eve\u2028Adams", phone: "+14155552671" }, { name: M.oneLine }],
    ["a chat lead's notes", widgetLeadSchema, { name: "Eve", phone: "+14155552671", notes: "x\u0000" }, { notes: M.lines }],
    ["a new organization's name", createOrganizationSchema, { company: "Acme\rInc" }, { company: M.oneLine }],
    ["an organization's new name", organizationUpdateSchema, { name: "Acme\tInc" }, { name: M.oneLine }],
  ])("%s", (_, schema, input, fields) => {
    expect(fieldsOf(schema, input)).toEqual(fields);
  });

  it("the contact form's name and notes", () => {
    expect(validateLead({ name: "Eve\rAdams", phone: "4155552671", notes: "ok\u0007" })).toEqual({ ok: false, fields: { name: M.oneLine, notes: M.lines } });
    expect(validateLead({ name: "Eve Adams", phone: "4155552671", notes: "Line one\r\nLine two" }).ok).toBe(true);
  });
});
