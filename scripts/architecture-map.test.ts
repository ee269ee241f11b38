/**
 * ARCHITECTURE.md stays a map (DESIGN.md house style 7): every migration, every table and every top-level folder of
 * worker/src named in it, at most 500 lines, and no work-period history in it or in docs/performance.md.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const map = read("ARCHITECTURE.md");

const MAX_LINES = 500;

const migrationFiles = () =>
  readdirSync(join(ROOT, "migrations"))
    .filter((name) => name.endsWith(".sql"))
    .sort();

/** The tables the drizzle schema declares: `sqliteTable("name"`, the name possibly on the next line. */
function schemaTables(): string[] {
  const folder = "worker/src/db/schema";
  return readdirSync(join(ROOT, folder))
    .filter((name) => name.endsWith(".ts"))
    .flatMap((name) => [...read(`${folder}/${name}`).matchAll(/sqliteTable\(\s*"([^"]+)"/g)].map((match) => match[1] as string));
}

/**
 * The tables that exist once every migration ran, replayed in order: created (FTS5 virtual tables and tables a custom
 * migration made by hand included), renamed (drizzle's `__new_` rebuilds) and dropped.
 */
function migratedTables(): string[] {
  const tables = new Set<string>();
  const statement =
    /CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?[`"]?(\w+)|DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?[`"]?(\w+)|ALTER\s+TABLE\s+[`"]?(\w+)[`"]?\s+RENAME\s+TO\s+[`"]?(\w+)/gi;
  for (const file of migrationFiles()) {
    for (const [, created, dropped, renamedFrom, renamedTo] of read(`migrations/${file}`).matchAll(statement)) {
      if (created) tables.add(created);
      if (dropped) tables.delete(dropped);
      if (renamedFrom && renamedTo) {
        tables.delete(renamedFrom);
        tables.add(renamedTo);
      }
    }
  }
  return [...tables];
}

const workerFolders = () =>
  readdirSync(join(ROOT, "worker/src"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The names a section of the map gives an entry to: the name in backticks that opens each of its list items, up to the
 * next heading of the same level. A name mentioned in passing elsewhere is not an entry.
 */
function entries(heading: string): Set<string> {
  const lines = map.split("\n");
  const start = lines.indexOf(heading);
  if (start < 0) return new Set();
  const level = heading.slice(0, heading.indexOf(" ") + 1);
  const end = lines.findIndex((line, index) => index > start && line.startsWith(level));
  const names = lines.slice(start + 1, end < 0 ? undefined : end).map((line) => /^- `([^`]+)`/.exec(line)?.[1]);
  return new Set(names.filter((name) => name !== undefined));
}

/**
 * "session" as a word of prose ("session 12", "the model's session"), not inside a name: CallSession, `session.update`
 * and realtime-session.ts are the product's own names, which a map must be able to write.
 */
const PROSE_SESSION = /(?<![\w./-])session(?![\w.-])/i;

describe("ARCHITECTURE.md, the code map", () => {
  it("lists every migration by its file name", () => {
    const files = migrationFiles();
    const listed = entries("## Migrations");
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !listed.has(file))).toEqual([]);
  });

  it("lists every table, the schema's and those the migrations made by hand", () => {
    const tables = new Set([...schemaTables(), ...migratedTables()]);
    const listed = entries("## Tables");
    expect(tables.size).toBeGreaterThan(0);
    expect([...tables].filter((table) => !listed.has(table)).sort()).toEqual([]);
  });

  it("has an entry for every top-level folder of worker/src", () => {
    const folders = workerFolders();
    const listed = entries("## Folders");
    expect(folders.length).toBeGreaterThan(0);
    expect(folders.filter((folder) => !listed.has(`worker/src/${folder}/`))).toEqual([]);
  });

  it(`stays within ${MAX_LINES} lines`, () => {
    expect(map.trimEnd().split("\n").length).toBeLessThanOrEqual(MAX_LINES);
  });

  it.each(["ARCHITECTURE.md", "docs/performance.md"])("%s dates what it records instead of naming work sessions", (path) => {
    const line = read(path)
      .split("\n")
      .find((text) => PROSE_SESSION.test(text));
    expect(line).toBeUndefined();
  });
});
