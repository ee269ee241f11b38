import { NEW_BUSINESS_WIDGETS, TRIAL_DAYS } from "@nikki/core";
import type { Database } from "../db/client";
import { ensureDefaultService } from "../db/default-service";
import { members, organizationSettings, organizations, widgetKeys } from "../db/schema";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

export function randomToken(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${base || "org"}-${randomToken(6)}`;
}

/**
 * A new business: the organization (in the time zone it chose, else the default), its owner, settings with the spec's
 * defaults (its site shows the chat alone: core's NEW_BUSINESS_WIDGETS), a public widget key, and the default service.
 */
export async function createOrganizationWithOwner(db: Database, input: { name: string; ownerUserId: string; timeZone?: string }) {
  const [organization] = await db
    .insert(organizations)
    // Every organization starts the free trial (Growth's limits, no card) the site promises.
    .values({
      name: input.name,
      slug: slugify(input.name),
      trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 86_400_000),
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    })
    .returning({ id: organizations.id, name: organizations.name });
  if (!organization) throw new Error("organization insert returned nothing");
  await db.insert(members).values({ organizationId: organization.id, userId: input.ownerUserId, role: "owner" });
  await db.insert(organizationSettings).values({ organizationId: organization.id, enabledWidgets: JSON.stringify(NEW_BUSINESS_WIDGETS) });
  await db.insert(widgetKeys).values({ organizationId: organization.id, publicKey: `pk_${randomToken(24)}`, label: "Default" });
  await ensureDefaultService(db, organization.id);
  return organization;
}
