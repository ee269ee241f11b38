import { and, asc, eq, lte } from "drizzle-orm";
import { demoCallRequests } from "../db/schema";
import { ApiError } from "../http/api-error";
import { type LogLevel, type Logger, createLogger } from "../logger";
import type { Services } from "../services";
import { type DemoCallPlacer, findPlacedDemoCall, placeDemoCall } from "../demo-calls/place";

/** A run claims at most this many due calls; the next minute takes the rest. */
const BATCH = 25;
/** A claim this old was left by a run that stopped (a placement takes seconds): it is taken over. */
const STUCK_MS = 2 * 60_000;

/**
 * Every minute: places the scheduled demo calls that are due, each exactly once. A row is claimed by a
 * conditional update (queued → calling) before Twilio is asked, so overlapping runs never ring anyone twice;
 * it ends completed (with the call SID) or failed (with the reason). A claim left behind by a run that stopped
 * (a restart) is taken over after STUCK_MS: Twilio's call list says whether the call was placed before the stop,
 * so it is recorded then, and placed only if it was not.
 */
export async function placeDueDemoCalls(services: Services, now = new Date()): Promise<{ placed: number; failed: number }> {
  const { db, config } = services;
  const log = createLogger({ component: "scheduled_demo_calls" }, config.LOG_LEVEL as LogLevel);
  const placer = { services, origin: config.publicOrigin, log };
  const due = await db
    .select({ id: demoCallRequests.id, organizationId: demoCallRequests.organizationId, phone: demoCallRequests.phoneE164 })
    .from(demoCallRequests)
    .where(and(eq(demoCallRequests.status, "queued"), lte(demoCallRequests.scheduledAt, now)))
    .orderBy(asc(demoCallRequests.scheduledAt))
    .limit(BATCH);

  // Stuck claims are judged by the real clock, never by `now` (a run may be asked about a later minute).
  const stuck = await db
    .select({
      id: demoCallRequests.id,
      organizationId: demoCallRequests.organizationId,
      phone: demoCallRequests.phoneE164,
      claimedAt: demoCallRequests.updatedAt,
    })
    .from(demoCallRequests)
    .where(and(eq(demoCallRequests.status, "calling"), lte(demoCallRequests.updatedAt, new Date(Date.now() - STUCK_MS))))
    .limit(BATCH);

  const totals = { placed: 0, failed: 0 };
  for (const request of due) {
    const claimed = await db
      .update(demoCallRequests)
      .set({ status: "calling", updatedAt: new Date() })
      .where(and(eq(demoCallRequests.id, request.id), eq(demoCallRequests.status, "queued")))
      .returning({ id: demoCallRequests.id });
    if (claimed.length > 0) await place(placer, log, request, totals);
  }
  for (const request of stuck) {
    const taken = await db
      .update(demoCallRequests)
      .set({ updatedAt: new Date() })
      .where(and(eq(demoCallRequests.id, request.id), eq(demoCallRequests.status, "calling"), eq(demoCallRequests.updatedAt, request.claimedAt)))
      .returning({ id: demoCallRequests.id });
    if (taken.length === 0) continue;
    const existing = await findPlacedDemoCall(placer, request.organizationId, request.phone, request.claimedAt).catch(() => null);
    log.warn("scheduled_demo_call_recovered", { id: request.id, already_placed: existing !== null });
    if (existing)
      await db.update(demoCallRequests).set({ status: "completed", callSid: existing, updatedAt: new Date() }).where(eq(demoCallRequests.id, request.id));
    else await place(placer, log, request, totals);
  }
  return totals;
}

/** Places one claimed request and records how it ended. */
async function place(
  placer: DemoCallPlacer,
  log: Logger,
  request: { id: string; organizationId: string; phone: string },
  totals: { placed: number; failed: number },
) {
  const { db } = placer.services;
  try {
    const callSid = await placeDemoCall(placer, request.organizationId, request.phone);
    await db.update(demoCallRequests).set({ status: "completed", callSid, updatedAt: new Date() }).where(eq(demoCallRequests.id, request.id));
    totals.placed += 1;
  } catch (error) {
    const reason = error instanceof ApiError ? error.code : error instanceof Error ? error.message : String(error);
    await db.update(demoCallRequests).set({ status: "failed", error: reason, updatedAt: new Date() }).where(eq(demoCallRequests.id, request.id));
    log.warn("scheduled_demo_call_failed", { id: request.id, reason });
    totals.failed += 1;
  }
}
