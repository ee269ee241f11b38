import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { E2E_STATE_DIR } from "./server";

/** Reads the local D1 of the product under test straight from its SQLite file, to check what was stored. */
export function queryOne<T>(sql: string, ...params: (string | number)[]): T | undefined {
  const dir = join(E2E_STATE_DIR, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${dir}`);
  const db = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}
