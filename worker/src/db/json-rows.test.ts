import { env } from "cloudflare:test";
import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUp } from "../../test/accounts";
import { createD1Database } from "./client";
import { jsonRows, rowsOfJson } from "./json-rows";
import { agents, organizations, services } from "./schema";

describe("rows read as one JSON column", () => {
  it("gives the rows a plain select gives, in its order, each value as its column maps it", async () => {
    const { organizationId } = await signUp();
    const db = createD1Database(env.DB);
    // Made out of order, one with a price and agents, one without: the list comes back oldest first.
    await db.insert(services).values([
      { organizationId, name: "Late", durationMinutes: 45, priceText: null, createdAt: new Date(Date.UTC(2030, 0, 2)) },
      {
        organizationId,
        name: "Early",
        durationMinutes: 30,
        bufferMinutes: 10,
        priceText: "$40",
        agentIds: '["a1"]',
        createdAt: new Date(Date.UTC(2001, 0, 1)),
      },
    ]);
    const columns = getTableColumns(services);
    const [row] = await db
      .select({ listed: jsonRows(columns, services, eq(services.organizationId, organizations.id), sql`${services.createdAt}, ${services.id}`) })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    const plain = await db.select().from(services).where(eq(services.organizationId, organizationId)).orderBy(asc(services.createdAt), asc(services.id));

    const listed = rowsOfJson(columns, row!.listed);
    expect(listed.map((service) => service.name)).toEqual(plain.map((service) => service.name));
    expect(listed[0]!.name).toBe("Early");
    expect(listed).toEqual(plain);
    expect(listed[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("reads only the columns asked for, and no rows as an empty list", async () => {
    const { organizationId } = await signUp();
    const db = createD1Database(env.DB);
    const columns = { id: agents.id, status: agents.status };
    const [row] = await db
      .select({ listed: jsonRows(columns, agents, sql`${agents.organizationId} = ${organizations.id} and ${agents.status} = 'none'`, sql`${agents.id}`) })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(rowsOfJson(columns, row!.listed)).toEqual([]);
    await db.insert(agents).values({ organizationId, name: "Nikki", status: "inactive" });
    const [all] = await db
      .select({ listed: jsonRows(columns, agents, eq(agents.organizationId, organizations.id), sql`${agents.id}`) })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    const agentRows = rowsOfJson(columns, all!.listed);
    expect(agentRows).toHaveLength(1);
    expect(agentRows[0]).toEqual({ id: expect.any(String), status: "inactive" });
  });
});
