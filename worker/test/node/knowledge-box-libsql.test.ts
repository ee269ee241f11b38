import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Client, createClient } from "@libsql/client";
import { knowledgeBoxTitle } from "@nikki/core";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The libSQL path (`npm run db:migrate:libsql`) applies the knowledge box's data migration to a database that already
 * has agents: migrated up to the migration before it, given agents, then migrated to the end (where the column the
 * text came from is dropped).
 */
const migrationsFolder = fileURLToPath(new URL("../../../migrations", import.meta.url));
let dir: string;
let client: Client;

/** A copy of migrations/ whose journal stops before the knowledge box's migration. */
function migrationsBeforeBox(): string {
  const copy = join(dir, "migrations");
  cpSync(migrationsFolder, copy, { recursive: true });
  const journalPath = join(copy, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith("_knowledge_box"));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return copy;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "nikki-knowledge-box-"));
  client = createClient({ url: `file:${join(dir, "nikki.db")}` });
});

afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the knowledge box migration on libSQL", () => {
  it("moves each agent's knowledge base into its typed section", async () => {
    await migrate(drizzle(client), { migrationsFolder: migrationsBeforeBox() });
    await client.execute("insert into organizations (id, name, slug) values ('org_box', 'Box Org', 'box-org')");
    await client.execute("insert into agents (id, organization_id, name, knowledge_base) values ('agt_full', 'org_box', 'Front Desk', 'We open at 8.')");
    await client.execute("insert into agents (id, organization_id, name, knowledge_base) values ('agt_empty', 'org_box', 'Night Desk', ' \n')");

    await migrate(drizzle(client), { migrationsFolder });

    const rows = await client.execute("select kind, source, title, body, agent_ids, box_of_agent_id, enabled from knowledge_entries");
    expect(rows.rows.map((row) => ({ ...row }))).toEqual([
      {
        kind: "section",
        source: "typed",
        title: knowledgeBoxTitle("Front Desk"),
        body: "We open at 8.",
        agent_ids: '["agt_full"]',
        box_of_agent_id: "agt_full",
        enabled: 1,
      },
    ]);
    // Then agents.knowledge_base is dropped (0038), the agents and their boxes kept.
    const columns = await client.execute("select name from pragma_table_info('agents')");
    expect(columns.rows.map((row) => row.name)).not.toContain("knowledge_base");
    expect((await client.execute("select id from agents order by id")).rows.map((row) => row.id)).toEqual(["agt_empty", "agt_full"]);
  });
});
