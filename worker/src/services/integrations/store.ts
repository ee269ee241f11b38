/**
 * An organization's stored provider credentials (spec 001 §3 "Integration"): sealed on save, opened here and
 * nowhere else, re-sealed on read when stored in an older format or under a previous key.
 */
import type { IntegrationProvider } from "@nikki/core";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { preparedQuery } from "../../db/prepared";
import { integrations } from "../../db/schema";
import type { Config } from "../../env";
import { type Keyring, keyringOf, openSecret, sealSecret } from "../secrets";

export type IntegrationRow = typeof integrations.$inferSelect;

export interface StoredIntegration {
  row: IntegrationRow;
  credentials: Record<string, string>;
}

async function keyring(config: Config): Promise<Keyring> {
  const ring = await keyringOf(config);
  if (!ring) throw new Error("Credentials cannot be sealed or opened: ENCRYPTION_KEY or AUTH_SECRET is not set");
  return ring;
}

const rowsQuery = preparedQuery((db) =>
  db
    .select()
    .from(integrations)
    .where(eq(integrations.organizationId, sql.placeholder("organizationId")))
    .prepare(),
);

export async function integrationRows(db: Database, organizationId: string): Promise<IntegrationRow[]> {
  return rowsQuery(db).all({ organizationId });
}

/** Opens one row's credentials, sealing them again in the current format when they were stale. */
export async function openIntegration(db: Database, config: Config, row: IntegrationRow): Promise<StoredIntegration> {
  const ring = await keyring(config);
  const scope = { organizationId: row.organizationId, provider: row.provider };
  const { plaintext, stale } = await openSecret(ring, scope, row.credentialsEncrypted);
  if (stale) {
    const resealed = await sealSecret(ring, scope, plaintext);
    await db
      .update(integrations)
      .set({ credentialsEncrypted: resealed })
      .where(and(eq(integrations.id, row.id), eq(integrations.credentialsEncrypted, row.credentialsEncrypted)));
  }
  return { row, credentials: JSON.parse(plaintext) as Record<string, string> };
}

export async function readIntegration(db: Database, config: Config, organizationId: string, provider: IntegrationProvider): Promise<StoredIntegration | null> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.organizationId, organizationId), eq(integrations.provider, provider)));
  return row ? openIntegration(db, config, row) : null;
}

/** Stores new credentials; the badge goes back to Configured until they are tested again. */
export async function saveIntegration(
  db: Database,
  config: Config,
  organizationId: string,
  provider: IntegrationProvider,
  credentials: Record<string, string>,
): Promise<void> {
  const sealed = await sealSecret(await keyring(config), { organizationId, provider }, JSON.stringify(credentials));
  const reset = {
    credentialsEncrypted: sealed,
    accountRef: provider === "twilio" ? (credentials.account_sid ?? null) : null,
    lastTestedAt: null,
    testStatus: null,
    testMessage: null,
    updatedAt: new Date(),
  };
  await db
    .insert(integrations)
    .values({ organizationId, provider, ...reset })
    .onConflictDoUpdate({ target: [integrations.organizationId, integrations.provider], set: reset });
}

export async function recordIntegrationTest(db: Database, row: IntegrationRow, outcome: { success: boolean; message: string }): Promise<Date> {
  const testedAt = new Date();
  await db
    .update(integrations)
    .set({ lastTestedAt: testedAt, testStatus: outcome.success ? "success" : "failed", testMessage: outcome.message })
    // Only if the credentials are still the ones tested (a save in between resets the badge).
    .where(and(eq(integrations.id, row.id), eq(integrations.updatedAt, row.updatedAt)));
  return testedAt;
}

export async function deleteIntegration(db: Database, organizationId: string, provider: IntegrationProvider): Promise<boolean> {
  const removed = await db
    .delete(integrations)
    .where(and(eq(integrations.organizationId, organizationId), eq(integrations.provider, provider)))
    .returning({ id: integrations.id });
  return removed.length > 0;
}

/** The organization whose own verified Twilio account is `accountSid`, with the token its webhooks are signed with. */
export async function ownTwilioAccount(db: Database, config: Config, accountSid: string): Promise<{ organizationId: string; authToken: string } | null> {
  const rows = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.provider, "twilio"), eq(integrations.accountRef, accountSid), eq(integrations.testStatus, "success")));
  for (const row of rows) {
    const stored = await openIntegration(db, config, row).catch(() => null);
    if (stored?.credentials.account_sid !== accountSid) continue;
    const token = webhookToken(stored);
    if (token) return { organizationId: row.organizationId, authToken: token };
  }
  return null;
}

const webhookToken = (stored: StoredIntegration) => stored.credentials.webhook_secret ?? stored.credentials.auth_token ?? null;
