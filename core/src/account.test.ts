import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, INVITATION_CODE_MESSAGES, canManage, invitationCodeSchema, parseFields, passwordConfirmSchema, totpCodeSchema } from "./account";

describe("who may manage", () => {
  it.each([
    ["owner", true],
    ["admin", true],
    ["viewer", false],
    [null, false],
    [undefined, false],
  ] as const)("%s → %s", (role, allowed) => {
    expect(canManage(role)).toBe(allowed);
  });
});

describe("6-digit codes", () => {
  it.each([
    [totpCodeSchema, ACCOUNT_MESSAGES.codeFormat],
    [invitationCodeSchema, INVITATION_CODE_MESSAGES.format],
  ])("takes six digits (spaces around trimmed) and refuses the rest in the form's words", (schema, message) => {
    expect(parseFields(schema, { code: " 123456 " })).toEqual({ ok: true, data: { code: "123456" } });
    for (const code of ["12345", "1234567", "12a456", "", undefined]) expect(parseFields(schema, { code })).toEqual({ ok: false, fields: { code: message } });
  });
});

describe("the password asked again", () => {
  it("must not be empty", () => {
    expect(parseFields(passwordConfirmSchema, { password: "" })).toEqual({ ok: false, fields: { password: ACCOUNT_MESSAGES.passwordRequired } });
    expect(parseFields(passwordConfirmSchema, { password: "x" }).ok).toBe(true);
  });
});
