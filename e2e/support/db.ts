import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { E2E_STATE_DIR } from "./server";

/** The product holds the file too: a statement waits up to this long for its lock instead of failing "database is locked". */
const BUSY_TIMEOUT_MS = 5_000;

function databaseFile(stateDir = E2E_STATE_DIR): string {
  const dir = join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${dir}`);
  return join(dir, file);
}

/** Reads the local D1 of the product under test straight from its SQLite file, to check what was stored. */
export function queryOne<T>(sql: string, ...params: (string | number)[]): T | undefined {
  const db = new DatabaseSync(databaseFile(), { readOnly: true, timeout: BUSY_TIMEOUT_MS });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

/** Writes to the local D1 of the product under test: test control only (e.g. making a scheduled call due). */
export function execute(sql: string, ...params: (string | number)[]): void {
  executeIn(E2E_STATE_DIR, sql, ...params);
}

export function executeIn(stateDir: string, sql: string, ...params: (string | number)[]): void {
  const db = new DatabaseSync(databaseFile(stateDir), { timeout: BUSY_TIMEOUT_MS });
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** Lets the demo organization's widget key be embedded on `origin` (its allowed origins, set in Settings). */
export function allowWidgetOrigin(origin: string, stateDir = E2E_STATE_DIR): void {
  executeIn(stateDir, "update organization_settings set allowed_origins = ? where organization_id = 'org_demo'", JSON.stringify([origin]));
}
