import { CLOSE_MESSAGES, type CloseReport } from "@nikki/core";
import { eq, inArray } from "drizzle-orm";
import type { Context } from "hono";
import { members, organizations, phoneNumbers, sessions, subscriptions } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { StripeError } from "../../services/stripe/client";
import { TwilioError } from "../../services/twilio/client";

const ENDED = new Set(["canceled", "incomplete_expired"]);

/** A live Stripe subscription is cancelled at once (DELETE /v1/subscriptions/{id}); one Stripe already ended counts as cancelled. */
async function cancelSubscription(c: Context<AppEnv>, organizationId: string): Promise<boolean> {
  const [subscription] = await c.var.db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId));
  if (!subscription?.stripeSubscriptionId || ENDED.has(subscription.status ?? "")) return false;
  const stripe = c.var.services.stripe;
  if (!stripe) throw new ApiError("billing_unavailable", { message: CLOSE_MESSAGES.billingMissing });
  try {
    await stripe.subscriptions.cancel(subscription.stripeSubscriptionId);
  } catch (error) {
    const status = error instanceof StripeError ? error.statusCode : undefined;
    if (status !== 404) {
      c.var.log.warn("close_subscription_failed", { status: status ?? null, error: String(error) });
      throw new ApiError("billing_unavailable", { message: CLOSE_MESSAGES.subscription });
    }
  }
  await c.var.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.organizationId, organizationId));
  return true;
}

/** Every number the organization holds, released at the Twilio account holding it (one already gone from Twilio counts). */
async function releaseNumbers(c: Context<AppEnv>, organizationId: string): Promise<number> {
  const numbers = await c.var.db.select().from(phoneNumbers).where(eq(phoneNumbers.organizationId, organizationId));
  const providers = await c.var.services.providersFor(organizationId);
  let released = 0;
  for (const number of numbers) {
    if (!number.twilioSid) continue;
    const { twilio } = providers.holding(number.twilioAccountSid);
    try {
      if (!twilio) throw new Error("no Twilio account");
      await twilio.releaseNumber(number.twilioSid);
    } catch (error) {
      if (!(error instanceof TwilioError && error.status === 404)) {
        c.var.log.warn("close_number_release_failed", { number_id: number.id, error: String(error) });
        throw new ApiError("twilio_failed", { message: CLOSE_MESSAGES.numberRelease(number.twilioNumber) });
      }
    }
    await c.var.db.delete(phoneNumbers).where(eq(phoneNumbers.id, number.id));
    released++;
  }
  return released;
}

/**
 * Closing an organization (the owner, after typing its name): the subscription cancelled at Stripe, its numbers
 * released at Twilio, every member signed out, then the organization deleted with everything that cascades from it
 * (calls, transcripts, agents, settings, credentials, audit log). A failure at a provider stops before any deletion
 * of data, so closing again picks up where it stopped.
 */
export async function closeOrganization(c: Context<AppEnv>, organizationId: string): Promise<CloseReport> {
  const subscription_cancelled = await cancelSubscription(c, organizationId);
  const numbers_released = await releaseNumbers(c, organizationId);
  const memberIds = (await c.var.db.select({ userId: members.userId }).from(members).where(eq(members.organizationId, organizationId))).map((m) => m.userId);
  if (memberIds.length) await c.var.db.delete(sessions).where(inArray(sessions.userId, memberIds));
  await c.var.db.delete(organizations).where(eq(organizations.id, organizationId));
  return { subscription_cancelled, numbers_released, members_signed_out: memberIds.length };
}
