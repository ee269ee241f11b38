import { and, asc, eq, lte } from "drizzle-orm";
import { demoCallRequests } from "../db/schema";
import { ApiError } from "../http/api-error";
import { type LogLevel, createLogger } from "../http/logger";
import type { Services } from "../services";
import { placeDemoCall } from "../demo-calls/place";

/** A run claims at most this many due calls; the next minute takes the rest. */
const BATCH = 25;

/**
 * Every minute: places the scheduled test calls that are due, each exactly once. A row is claimed by a
 * conditional update (queued → calling) before Twilio is asked, so overlapping runs never ring anyone twice;
 * it ends completed (with the call SID) or failed (with the reason).
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

  let placed = 0;
  let failed = 0;
  for (const request of due) {
    const claimed = await db
      .update(demoCallRequests)
      .set({ status: "calling", updatedAt: new Date() })
      .where(and(eq(demoCallRequests.id, request.id), eq(demoCallRequests.status, "queued")))
      .returning({ id: demoCallRequests.id });
    if (claimed.length === 0) continue;
    try {
      const callSid = await placeDemoCall(placer, request.organizationId, request.phone);
      await db.update(demoCallRequests).set({ status: "completed", callSid, updatedAt: new Date() }).where(eq(demoCallRequests.id, request.id));
      placed += 1;
    } catch (error) {
      const reason = error instanceof ApiError ? error.code : error instanceof Error ? error.message : String(error);
      await db.update(demoCallRequests).set({ status: "failed", error: reason, updatedAt: new Date() }).where(eq(demoCallRequests.id, request.id));
      log.warn("scheduled_demo_call_failed", { id: request.id, reason });
      failed += 1;
    }
  }
  return { placed, failed };
}
