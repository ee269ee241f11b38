/** Accounts: better-auth's core, organization and two-factor tables. */
import { AGENT_DEFAULTS } from "@nikki/core";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, createdAt, updatedAt } from "./columns";

/** A person. `name` is the profile's full_name (spec 001 §3 "joined profile"). */
export const users = sqliteTable("users", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  image: text("image"),
  twoFactorEnabled: integer("two_factor_enabled", { mode: "boolean" }).notNull().default(false),
  /** The user's own phone (E.164), asked once for test calls from the dashboard. */
  phone: text("phone"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A signed-in session (spec 000 §3 "Auth session"), held in a cookie by its token. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    activeOrganizationId: text("active_organization_id"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** A way to sign in: a password ("credential") or an identity provider such as Google. */
export const accounts = sqliteTable(
  "accounts",
  {
    id: id(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
    refreshTokenExpiresAt: integer("refresh_token_expires_at", { mode: "timestamp_ms" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

/** One-time values: e-mail verification, password reset, OAuth state. */
export const verifications = sqliteTable(
  "verifications",
  {
    id: id(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** A TOTP factor (spec 000 §3 "Factor"). */
export const twoFactors = sqliteTable(
  "two_factors",
  {
    id: id(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: integer("verified", { mode: "boolean" }).notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
  },
  (t) => [index("two_factors_user_idx").on(t.userId)],
);

/** A business (spec 001 §3 "Organization": id, name, domain). */
export const organizations = sqliteTable("organizations", {
  id: id(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  domain: text("domain"),
  logo: text("logo"),
  metadata: text("metadata"),
  /** The free trial (Growth's limits, no card) every organization starts at sign-up; null: none. */
  trialEndsAt: integer("trial_ends_at", { mode: "timestamp_ms" }),
  /**
   * The time zone chosen at sign-up (the browser's, proposed): the business's until an agent has one, and the zone a
   * new agent starts in (org/time-zone.ts).
   */
  timeZone: text("time_zone").notNull().default(AGENT_DEFAULTS.timezone),
  createdAt: createdAt(),
});

/** Spec 001 §3 "Organization member": role owner, admin or viewer. */
export const members = sqliteTable(
  "members",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "viewer"] }).notNull(),
    /** A member other than the owner who asked for call alerts by e-mail (the owner always gets them). */
    callAlerts: integer("call_alerts", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("members_org_user_idx").on(t.organizationId, t.userId), index("members_user_idx").on(t.userId)],
);

export const invitations = sqliteTable(
  "invitations",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "viewer"] }).notNull(),
    status: text("status", { enum: ["pending", "accepted", "rejected", "canceled", "revoked"] })
      .notNull()
      .default("pending"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** Wrong codes entered for this invitation, across every code sent for it: at 10 it is revoked. */
    codeFailures: integer("code_failures").notNull().default(0),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_org_idx").on(t.organizationId), index("invitations_email_idx").on(t.email)],
);
