import { and, asc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { agents, phoneNumbers } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { orgCaller } from "../../middleware/access";
import { placeTestCall } from "../test-calls/index";

export const OPS_TEST_CALL_NO_LINE = "Add a phone number and assign an active agent to it first: the test call comes from it.";

/**
 * `POST /api/health/test-call` {phone} (Voice Operations' "Place Test Call"): rings that phone from the organization's
 * first active number with an active agent, through the destination rules, answered as any caller would be.
 */
export async function opsTestCall(c: Context<AppEnv>) {
  const [line] = await c.var.db
    .select({ from: phoneNumbers.twilioNumber, agentId: agents.id })
    .from(phoneNumbers)
    .innerJoin(agents, and(eq(agents.id, phoneNumbers.assignedAgentId), eq(agents.status, "active")))
    .where(and(eq(phoneNumbers.organizationId, orgCaller(c).organizationId), eq(phoneNumbers.status, "active")))
    .orderBy(asc(phoneNumbers.createdAt))
    .limit(1);
  if (!line) throw new ApiError("validation_failed", { message: OPS_TEST_CALL_NO_LINE });
  return c.json({ test_call: await placeTestCall(c, line) });
}
