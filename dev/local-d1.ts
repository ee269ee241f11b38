/**
 * The local D1 of a product running under `wrangler dev` (at `base`), read and written through its local explorer API
 * (`/cdn-cgi/local/explorer/api`, the shape of Cloudflare's D1 REST API). A statement runs in the product's own D1
 * object, one at a time with the product's queries. Opening the SQLite file beside it instead (as these helpers once
 * did) took the file's lock under the running product, and a dashboard request that met it failed with SQLITE_BUSY.
 */
const EXPLORER = "/cdn-cgi/local/explorer/api";

/** Sent as text, as the D1 REST API takes them; a column's affinity stores a number given as text as a number. */
export type Param = string | number;

interface Failure {
  errors?: { message: string }[];
}
interface Listed extends Failure {
  result: { name: string; uuid: string }[];
}
interface Answered extends Failure {
  result: { results: { columns: string[]; rows: unknown[][] } }[];
}

async function explorer<T extends Failure>(base: string, path: string, body?: { sql: string; params: string[] }): Promise<T> {
  const response = await fetch(`${base}${EXPLORER}${path}`, {
    method: body ? "POST" : "GET",
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json().catch(() => ({}))) as T;
  if (!response.ok)
    throw new Error(`The local D1 answered ${response.status}: ${answer.errors?.map((error) => error.message).join("; ") ?? ""} (${body?.sql ?? path})`);
  return answer;
}

const databaseIds = new Map<string, Promise<string>>();

/** The id the product's `DB` binding has in this run (wrangler.toml's `database_id`). */
function databaseId(base: string): Promise<string> {
  let id = databaseIds.get(base);
  if (!id) {
    id = explorer<Listed>(base, "/d1/database").then(({ result }) => {
      const database = result.find((listed) => listed.name === "DB");
      if (!database) throw new Error(`no DB among the local D1 databases of ${base}`);
      return database.uuid;
    });
    databaseIds.set(base, id);
  }
  return id;
}

/** The rows a statement answers, each a record by column name. */
export async function rows(base: string, sql: string, params: Param[] = []): Promise<Record<string, unknown>[]> {
  const { result } = await explorer<Answered>(base, `/d1/database/${await databaseId(base)}/raw`, { sql, params: params.map(String) });
  const { columns, rows: values } = result[0]!.results;
  return values.map((row) => Object.fromEntries(columns.map((column, index) => [column, row[index]])));
}

/** Lets the demo organization's widget key be embedded on `origin` (its allowed origins, set in Settings). */
export async function allowWidgetOrigin(base: string, origin: string): Promise<void> {
  await rows(base, "update organization_settings set allowed_origins = ? where organization_id = 'org_demo'", [JSON.stringify([origin])]);
}
