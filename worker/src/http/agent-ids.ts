import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { agents } from "../db/schema";
import { ApiError } from "./api-error";

/**
 * A list of agent ids a resource serves (services, knowledge entries): each must be one of the organization's agents,
 * else 400 with `message` under `agent_ids`. Stored as a JSON list without repeats; undefined stays undefined.
 */
export async function agentIdsColumn(db: Database, organizationId: string, ids: string[] | undefined, message: string): Promise<string | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    const found = await db
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.organizationId, organizationId), inArray(agents.id, unique)));
    if (found.length !== unique.length) throw new ApiError("validation_failed", { fields: { agent_ids: message } });
  }
  return JSON.stringify(unique);
}
