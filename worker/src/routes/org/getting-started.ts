import type { GettingStartedResource } from "@nikki/core";
import { and, count, eq, isNotNull, like } from "drizzle-orm";
import { Hono } from "hono";
import { planInEffect } from "../../billing/plan";
import { agents, calls, phoneNumbers, widgetKeys } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { access, orgCaller } from "../../middleware/access";

/** `GET /api/org/getting-started` (owner, admin): which setup steps the organization has done, from its data. */
export const gettingStartedRoutes = new Hono<AppEnv>().get("/", access("admin"), async (c) => {
  const organizationId = orgCaller(c).organizationId;
  const db = c.var.db;
  const has = async (query: Promise<{ n: number }[]>) => ((await query)[0]?.n ?? 0) > 0;
  const [agent, number, call, widget, plan] = await Promise.all([
    has(db.select({ n: count() }).from(agents).where(eq(agents.organizationId, organizationId))),
    has(
      db
        .select({ n: count() })
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.organizationId, organizationId), isNotNull(phoneNumbers.assignedAgentId))),
    ),
    // A call the agent answered: it said something (its greeting first), so a call nobody picked up does not count.
    has(
      db
        .select({ n: count() })
        .from(calls)
        .where(and(eq(calls.organizationId, organizationId), like(calls.transcript, '%"role":"assistant"%'))),
    ),
    has(
      db
        .select({ n: count() })
        .from(widgetKeys)
        .where(and(eq(widgetKeys.organizationId, organizationId), isNotNull(widgetKeys.lastSeenAt))),
    ),
    planInEffect(db, organizationId).then((effect) => effect.status === "subscribed"),
  ]);
  const steps: GettingStartedResource["steps"] = [
    { id: "agent", done: agent },
    { id: "number", done: number },
    { id: "test_call", done: call },
    { id: "widget", done: widget },
    { id: "plan", done: plan },
  ];
  return c.json({ steps, complete: steps.every((step) => step.done) } satisfies GettingStartedResource);
});
