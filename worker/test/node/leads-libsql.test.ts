import type { Client } from "@libsql/client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { createLibsqlDatabase } from "../../src/db/client";
import { leads } from "../../src/db/schema";
import { servicesOn } from "../../src/services";
import { migratedLibsqlFile } from "./libsql-file";

/**
 * Node has no Durable Objects: the per-address limit in front of /api/leads counts here in memory, with the same
 * fixed-window answer shape as the RateLimiter object. (The limit itself is tested in workerd.)
 */
function memoryRateLimiter() {
  const counts = new Map<string, number>();
  return {
    idFromName: (name: string) => name,
    get: () => ({
      hit: async (key: string, limit: number, windowMs: number) => {
        const count = (counts.get(key) ?? 0) + 1;
        counts.set(key, count);
        return { allowed: count <= limit, count, limit, resetAt: Date.now() + windowMs };
      },
    }),
  };
}

let client: Client;
let remove: () => void;

beforeAll(async () => {
  ({ client, remove } = await migratedLibsqlFile("nikki-libsql-"));
});

afterAll(() => remove());

describe("the libSQL path (LIBSQL_URL)", () => {
  it("has every table of the migration", async () => {
    const tables = await client.execute("select name from sqlite_master where type = 'table'");
    const names = tables.rows.map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(["leads", "calls", "organizations", "organization_settings"]));
  });

  it("stores a lead through the same app and schema", async () => {
    const db = createLibsqlDatabase(client);
    const app = createApp((_bindings, config) => servicesOn(config, db));
    const res = await app.request(
      "/api/leads",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Grace Hopper", phone: "+1 415 555 2671", source_page: "/" }),
      },
      { LOG_LEVEL: "warn", RATE_LIMITER: memoryRateLimiter() },
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ name: "Grace Hopper", phone: "+1 415 555 2671", sourcePage: "/" });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("answers the health check with a database round trip", async () => {
    const app = createApp((_bindings, config) => servicesOn(config, createLibsqlDatabase(client)));
    const res = await app.request("/api/health", {}, { LOG_LEVEL: "warn" });
    expect(res.status).toBe(200);
  });
});
