/**
 * What the voice webhook decided for a call's stream, kept on the call's row (calls.call_plan) rather than in a Durable
 * Object, so a call that never streams costs no object at all: the setup the call's tools and end need, and the media
 * plane's plan without its key (call/plan.ts). The call's id is the row's, filled in when the plan is read. When the
 * stream asks, the call's CallSession reads it, checks the stream's signature, and claims it (the column cleared); at the
 * call's end a plan still there means the AI never took the call (call-status.ts).
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { preparedQuery } from "../db/prepared";
import { calls } from "../db/schema";
import type { Database } from "../db/client";
import type { StoredPlan } from "../call/plan";
import type { CallSetup } from "../rpc/call-session";

export interface AnsweredPlan {
  setup: CallSetup;
  plan: StoredPlan;
}

/** The row's column: the plan before the row's id is known (the webhook writes both in one statement). */
export const answeredPlanJson = (answered: AnsweredPlan) =>
  JSON.stringify({ setup: { ...answered.setup, tool: { ...answered.setup.tool, callId: "" } }, plan: { ...answered.plan, callId: "" } });

const open = () => and(isNotNull(calls.callPlan), isNull(calls.durationSeconds));

const readQuery = preparedQuery((db) =>
  db
    .select({ id: calls.id, callPlan: calls.callPlan })
    .from(calls)
    .where(and(eq(calls.callSid, sql.placeholder("callSid")), open()))
    .prepare(),
);

const claimQuery = preparedQuery((db) =>
  db
    .update(calls)
    .set({ callPlan: null, realtimeModel: sql`${sql.placeholder("model")}` })
    .where(and(eq(calls.id, sql.placeholder("id")), open()))
    .returning({ id: calls.id })
    .prepare(),
);

/** The call's plan while the call is on and no stream has claimed it; null otherwise. */
export async function readAnsweredPlan(db: Database, callSid: string): Promise<AnsweredPlan | null> {
  const [row] = await readQuery(db).all({ callSid });
  if (!row?.callPlan) return null;
  const stored = JSON.parse(row.callPlan) as AnsweredPlan;
  return { setup: { ...stored.setup, tool: { ...stored.setup.tool, callId: row.id } }, plan: { ...stored.plan, callId: row.id } };
}

/**
 * The stream has the plan: cleared from the row, once (false when another stream or the call's end came first), and the
 * realtime model it opens with kept as the one that answered the call.
 */
export async function claimAnsweredPlan(db: Database, callId: string, model: string): Promise<boolean> {
  return (await claimQuery(db).all({ id: callId, model })).length > 0;
}
