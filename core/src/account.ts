import * as z from "zod/mini";
import type { Role } from "./constants";
import { EMAIL_PATTERN, ONE_TIME_CODE_PATTERN } from "./patterns";
import { oneLineText } from "./plain-text";
import { timeZoneField } from "./time-zones";
import { firstIssuePerField } from "./validation";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const ACCOUNT_MESSAGES = {
  firstName: "Please enter your first name",
  lastName: "Please enter your last name",
  email: "Please enter a valid email address",
  company: "Please enter your company name",
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordRequired: "Please enter your password",
  emailTaken: "An account with this email already exists. Sign in instead.",
  invalidCredentials: "Invalid email or password",
  tooManySignIns: "Too many sign-in attempts. Please wait a while and try again.",
  tooManySignUps: "Too many sign-ups from your network. Please wait a while and try again.",
  failedSignInsSubject: "Failed sign-in attempts on your Nikki AI account",
  failedSignInsText: (count: number, ip: string | null) =>
    `There were ${count} failed attempts to sign in to your Nikki AI account${ip ? ` from ${ip}` : ""}. Further attempts from there now have to wait a little longer each time.\n\nIf this was you, wait a moment and try again, or reset your password from the sign-in page. If it was not, your account is safe: the password was not accepted. Consider turning on two-factor authentication in Settings.`,
  noOrganization: "You don't belong to an organization yet. Please contact your administrator.",
  inviteEmailRequired: "Please enter an email address.",
  inviteRole: "Please choose a role: admin or viewer.",
  organizationName: "Organization name must be between 2 and 100 characters",
  domain: "Please enter a valid domain, like example.com",
  ownerFixed: "The owner's role cannot be changed and the owner cannot be removed.",
  codeFormat: "Enter the 6-digit code from your authenticator app",
} as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

const email = () => z.string().check(z.trim(), z.toLowerCase(), z.maxLength(255, ACCOUNT_MESSAGES.email), z.regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.email));
const newPassword = () => z.string().check(z.minLength(PASSWORD_MIN, ACCOUNT_MESSAGES.passwordMin), z.maxLength(PASSWORD_MAX, ACCOUNT_MESSAGES.passwordMax));
/** An address as typed to sign in or reset a password (kept as typed: better-auth compares it). */
const typedEmail = () => z.string(ACCOUNT_MESSAGES.email).check(z.trim(), z.regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.email));
const requiredText = (message: string, max = 100) => z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, message));

export const signupSchema = z
  .object({
    firstName: requiredText(ACCOUNT_MESSAGES.firstName),
    lastName: requiredText(ACCOUNT_MESSAGES.lastName),
    email: email(),
    company: z.optional(z.string().check(z.trim(), z.maxLength(100, ACCOUNT_MESSAGES.company), oneLineText())),
    password: newPassword(),
    /** The new business's time zone (the page proposes the browser's); its first agent starts in it. */
    time_zone: z.optional(timeZoneField()),
    /** Signing up from an invitation joins that organization instead of creating one. */
    invitationId: z.optional(z.string().check(z.maxLength(64))),
    /** The invitation e-mail's token (its link's `token`): the address proven, no code asked. */
    invitationToken: z.optional(z.string().check(z.maxLength(128))),
  })
  .check(
    z.refine((value) => Boolean(value.invitationId) || Boolean(value.company), {
      message: ACCOUNT_MESSAGES.company,
      path: ["company"],
    }),
  );
export type SignupInput = z.input<typeof signupSchema>;

export const ASSIGNABLE_ROLES = ["admin", "viewer"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const invitationSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, ACCOUNT_MESSAGES.inviteEmailRequired),
      z.regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.email),
      z.maxLength(255, ACCOUNT_MESSAGES.email),
    ),
  role: z.enum(ASSIGNABLE_ROLES, ACCOUNT_MESSAGES.inviteRole),
});

/** Who may manage the organization (settings, members, agents, numbers, runs and checks): owners and admins. */
export const canManage = (role: Role | null | undefined): boolean => role === "owner" || role === "admin";

export const roleChangeSchema = z.object({ role: z.enum(ASSIGNABLE_ROLES, ACCOUNT_MESSAGES.inviteRole) });

export const organizationUpdateSchema = z.object({
  name: z.optional(
    z.string().check(z.trim(), z.minLength(2, ACCOUNT_MESSAGES.organizationName), z.maxLength(100, ACCOUNT_MESSAGES.organizationName), oneLineText()),
  ),
  domain: z.optional(
    z.nullable(
      z.string().check(
        z.trim(),
        z.toLowerCase(),
        z.refine((value: string) => value === "" || DOMAIN.test(value), ACCOUNT_MESSAGES.domain),
      ),
    ),
  ),
  /** The zone chosen at sign-up, changeable in Settings › Organization (the same IANA list and check). */
  time_zone: z.optional(timeZoneField()),
});

/** A signed-in user without an organization (e.g. new through Google) creates their business. */
export const createOrganizationSchema = z.object({
  company: z.string().check(z.trim(), z.minLength(1, ACCOUNT_MESSAGES.company), z.maxLength(100, ACCOUNT_MESSAGES.company), oneLineText()),
  time_zone: z.optional(timeZoneField()),
});

export type Parsed<T> = { ok: true; data: T } | { ok: false; fields: Record<string, string> };

/** Parses with a zod/mini schema and answers the first message of each failing field. */
export function parseFields<S extends z.ZodMiniType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const result = z.safeParse(schema, input);
  return result.success ? { ok: true, data: result.data } : { ok: false, fields: firstIssuePerField(result.error.issues) };
}

/** Where to go after signing in: a path on this site only (never `//host` or an absolute URL). */
export function safeRedirectPath(value: string | null | undefined, fallback = "/dashboard"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

/** Joining through an invitation: a code sent to the invited address proves it (issue: invitations without proof). */
export const INVITATION_CODE_MESSAGES = {
  subject: (organization: string) => `Your code to join ${organization} on Nikki AI`,
  text: (code: string, organization: string) =>
    `Your code to join ${organization} on Nikki AI is ${code}.\n\nIt works for 15 minutes. If you did not ask to join, ignore this e-mail.`,
  sent: (email: string) => `We e-mailed a 6-digit code to ${email}. Enter it to join.`,
  notEmailed: "This server has no mail provider, so no code could be e-mailed. Ask the person who invited you to set one up.",
  wrong: "That code is not right. Check the e-mail and try again.",
  expired: "That code has expired. Send a new one.",
  format: "Enter the 6-digit code from the e-mail.",
} as const;

/** /invite for an invitation that is no longer pending. An accepted one made an account: its way in is signing in. */
export const INVITATION_STATUS_MESSAGES = {
  accepted: (organization: string) => `This invitation was accepted: its account is a member of ${organization}. Sign in to open it.`,
  acceptedByYou: (organization: string) => `You have joined ${organization} already.`,
  closed: (status: string) => `This invitation has ${status === "expired" ? "expired" : `already been ${status}`}. Ask your administrator for a new one.`,
} as const;

/** Signing in: an e-mail address and a password (better-auth checks the pair). */
export const signInSchema = z.object({
  email: typedEmail(),
  password: z.string(ACCOUNT_MESSAGES.passwordRequired).check(z.minLength(1, ACCOUNT_MESSAGES.passwordRequired)),
});

/** Asking for a password reset link. */
export const passwordResetRequestSchema = z.object({ email: typedEmail() });

/** The new password a reset link sets: the sign-up's length rule. */
export const newPasswordSchema = z.object({ password: newPassword() });

/** A 6-digit code in a form, refused in the form's own words. */
const codeSchema = (message: string) => z.strictObject({ code: z.string(message).check(z.trim(), z.regex(ONE_TIME_CODE_PATTERN, message)) });

/** The authenticator app's code (sign-in's second step, turning two-factor on). */
export const totpCodeSchema = codeSchema(ACCOUNT_MESSAGES.codeFormat);

/** The code e-mailed to join through an invitation (`POST /api/invitations/:id/verify`). */
export const invitationCodeSchema = codeSchema(INVITATION_CODE_MESSAGES.format);

/** The password asked again before two-factor is turned on or off. */
export const passwordConfirmSchema = z.strictObject({
  password: z.string(ACCOUNT_MESSAGES.passwordRequired).check(z.minLength(1, ACCOUNT_MESSAGES.passwordRequired)),
});
