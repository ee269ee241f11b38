/**
 * The daily spend cap (issue 9 §3): what calls, chat and texts cost today against the organization's cap, counted in
 * its SpendMeter (one Durable Object per organization). At 80 % and at 100 % the owner is told by e-mail (and the
 * dashboard shows it); past the cap new calls take messages and call-me-now and chat are refused.
 */
import { CALL_RESERVATION_MICRO_USD, SPEND_MESSAGES, type SpendState, spendState } from "@nikki/core";
import { and, eq, sql } from "drizzle-orm";
import { preparedQuery } from "../db/prepared";
import { members, organizationSettings, organizations, subscriptions, users } from "../db/schema";
import type { Logger } from "../logger";
import type { Services } from "../services";
import { planOf } from "./plan";

export type Refusal = "trial_ended" | "spend_cap";

export interface SpendStatus {
  spent_usd: number;
  cap_usd: number;
  state: SpendState;
}

const today = (now = new Date()) => now.toISOString().slice(0, 10);
const usd = (micro: number) => Math.round(micro / 10_000) / 100;

function meterOf(services: Services, organizationId: string) {
  return services.spendMeters ? services.spendMeters.get(services.spendMeters.idFromName(organizationId)) : null;
}

/** What admits paid work: whether the trial lapsed, and the cap in dollars (the organization's own setting, else its plan's). */
export interface SpendLimits {
  lapsed: boolean;
  capUsd: number;
}

/** The limits from the organization's trial end, subscription and settings, for a query that already joined them. */
export function spendLimitsOf(
  trialEndsAt: Date | null,
  subscription: { status: string | null; planSlug: string | null } | null,
  capSetting: number | null | undefined,
): SpendLimits {
  const effect = planOf(trialEndsAt, subscription);
  return { lapsed: effect.status === "lapsed", capUsd: capSetting ?? effect.plan.dailySpendCapUsd };
}

/** The limits and the subscription they come from, in one round trip. */
const limitsQuery = preparedQuery((db) =>
  db
    .select({ trialEndsAt: organizations.trialEndsAt, subscription: subscriptions, cap: organizationSettings.dailySpendCapUsd })
    .from(organizations)
    .leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, organizations.id))
    .where(eq(organizations.id, sql.placeholder("organizationId")))
    .prepare(),
);

export async function limitsOf(services: Services, organizationId: string): Promise<SpendLimits & { subscription: typeof subscriptions.$inferSelect | null }> {
  const [row] = await limitsQuery(services.db).all({ organizationId });
  const subscription = row?.subscription ?? null;
  return { ...spendLimitsOf(row?.trialEndsAt ?? null, subscription, row?.cap), subscription };
}

export async function spendStatus(services: Services, organizationId: string): Promise<SpendStatus> {
  const [{ capUsd }, snapshot] = await Promise.all([limitsOf(services, organizationId), meterOf(services, organizationId)?.snapshot(today())]);
  const spent = snapshot?.spent ?? 0;
  return { spent_usd: usd(spent), cap_usd: capUsd, state: spendState(spent, capUsd) };
}

/**
 * Why the organization may not start paid work now (a call-me-now, a chat or text reply), or null when it may.
 * `limits`: the caller's own read of them, when it has one.
 */
export async function refusalNow(services: Services, organizationId: string, limits?: SpendLimits): Promise<Refusal | null> {
  const [{ lapsed, capUsd }, snapshot] = await Promise.all([
    limits ?? limitsOf(services, organizationId),
    meterOf(services, organizationId)?.snapshot(today()),
  ]);
  if (lapsed) return "trial_ended";
  return spendState(snapshot?.spent ?? 0, capUsd) === "capped" ? "spend_cap" : null;
}

/** Admits a call to the AI, holding a typical call's cost until it ends; a refusal sends it to take a message. */
export async function admitCall(services: Services, organizationId: string, callSid: string, limits?: SpendLimits): Promise<Refusal | null> {
  const { lapsed, capUsd } = limits ?? (await limitsOf(services, organizationId));
  if (lapsed) return "trial_ended";
  const meter = meterOf(services, organizationId);
  if (!meter) return null;
  return (await meter.admit(today(), callSid, CALL_RESERVATION_MICRO_USD, capUsd * 1_000_000)).admitted ? null : "spend_cap";
}

async function tellOwner(services: Services, log: Logger, organizationId: string, threshold: "warning" | "capped", status: SpendStatus) {
  const [owner] = await services.db
    .select({ email: users.email, organization: organizations.name })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(and(eq(members.organizationId, organizationId), eq(members.role, "owner")));
  log.warn("spend_threshold_reached", { organization_id: organizationId, threshold, spent_usd: status.spent_usd, cap_usd: status.cap_usd });
  if (!owner) return;
  const subject = threshold === "capped" ? SPEND_MESSAGES.cappedTitle : SPEND_MESSAGES.warningTitle;
  const text =
    threshold === "capped"
      ? `${owner.organization} spent $${status.spent_usd.toFixed(2)} today, its limit of $${status.cap_usd}. New calls now take messages, and call-me-now and chat are paused until tomorrow (UTC). Raise the limit in Settings to resume.`
      : `${owner.organization} has spent $${status.spent_usd.toFixed(2)} of its $${status.cap_usd} daily limit. At the limit, new calls take messages and chat pauses until tomorrow.`;
  await services
    .mailer(log)
    .send({ to: owner.email, subject: `Nikki AI: ${subject}`, text })
    .catch((error: unknown) => log.warn("spend_mail_failed", { organization_id: organizationId, error: String(error) }));
}

/**
 * Counts a cost once per key (a call id; "" for one that cannot repeat) and tells the owner at 80 % and 100 %.
 * `limits`: the caller's own read of them, when it has one.
 */
export async function chargeSpend(services: Services, log: Logger, organizationId: string, key: string, micro: number, limits?: SpendLimits): Promise<void> {
  const meter = meterOf(services, organizationId);
  if (!meter) return;
  const { capUsd: cap } = limits ?? (await limitsOf(services, organizationId));
  await tellCrossed(services, log, organizationId, cap, await meter.charge(today(), key, micro, cap * 1_000_000));
}

/**
 * Counts work that may be left undone (SpendMeter.chargeWithin) when it fits under the cap with the calls in
 * progress, and answers whether it may go ahead (never in a lapsed trial).
 */
export async function chargeWithinCap(services: Services, log: Logger, organizationId: string, micro: number, limits?: SpendLimits): Promise<boolean> {
  const { lapsed, capUsd: cap } = limits ?? (await limitsOf(services, organizationId));
  if (lapsed) return false;
  const meter = meterOf(services, organizationId);
  if (!meter) return true;
  const result = await meter.chargeWithin(today(), micro, cap * 1_000_000);
  await tellCrossed(services, log, organizationId, cap, result);
  return result.charged;
}

/** Gives back a chargeWithinCap charge made at `chargedAt` for work that then did not happen, while its day (UTC) lasts. */
export async function refundWithinCap(services: Services, organizationId: string, micro: number, chargedAt: Date): Promise<void> {
  const day = today(chargedAt);
  if (day === today()) await meterOf(services, organizationId)?.refund(day, micro);
}

async function tellCrossed(services: Services, log: Logger, organizationId: string, cap: number, result: { crossed: ("warning" | "capped")[]; spent: number }) {
  const status = { spent_usd: usd(result.spent), cap_usd: cap, state: spendState(result.spent, cap) };
  for (const threshold of result.crossed) await tellOwner(services, log, organizationId, threshold, status);
}

/** Corrects a call's charge counted today to its real cost (see SpendMeter.correct). */
export async function correctSpend(services: Services, organizationId: string, key: string, micro: number): Promise<void> {
  await meterOf(services, organizationId)?.correct(today(), key, micro);
}
