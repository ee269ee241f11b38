import { PRODUCT_NAME } from "@nikki/core";
// The minimal entry leaves out Kysely (its adapter and dialects): the drizzle adapter is the only database here.
import "./jose-names";
import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Database } from "../db/client";
import { accounts, sessions, twoFactors, users, verifications } from "../db/schema";
import type { Config } from "../env";
import type { Mailer } from "../services/mail";

export const SESSION_SECONDS = 7 * 24 * 60 * 60;
/** Sessions are extended once a day while in use, so an active user is never signed out mid-week. */
export const SESSION_REFRESH_SECONDS = 24 * 60 * 60;
export const AUTH_BASE_PATH = "/api/auth";

/**
 * better-auth on our drizzle schema. Organizations, members and invitations are served by our own
 * `/api/org` routes behind the one authorization layer (ARCHITECTURE.md explains why the organization
 * plugin's endpoints are not mounted); better-auth owns users, sessions, accounts, passwords and TOTP.
 */
export function createAuth(options: { db: Database; config: Config; origin: string; secret: string; mailer: Mailer }) {
  const { db, config, origin, secret, mailer } = options;
  const google = config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET;
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, {
      provider: "sqlite",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: `Reset your ${PRODUCT_NAME} password`,
          text: `Hi ${user.name},\n\nReset your password with this link (valid for one hour):\n${url}\n\nIf you did not ask for this, ignore this message.`,
        });
      },
    },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      additionalFields: { activeOrganizationId: { type: "string", required: false, input: false } },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    plugins: [
      twoFactor({ issuer: PRODUCT_NAME }),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  clientId: config.GOOGLE_CLIENT_ID!,
                  clientSecret: config.GOOGLE_CLIENT_SECRET!,
                  discoveryUrl: config.GOOGLE_DISCOVERY_URL,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    trustedOrigins: [origin],
    // Sign-in and password-reset limits are ours (RateLimiter, per IP and per e-mail: routes/auth); better-auth's
    // in-memory one is per isolate.
    rateLimit: { enabled: false },
    advanced: {
      // Only the edge's header: X-Real-IP and the like can be sent by anyone.
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip"] },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    // better-auth warns in its own text format at every failed sign-in ("User not found", "Invalid password"), which
    // the product records itself (the audit log's sign_in_failed, the sign-in limits); its errors still print.
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
