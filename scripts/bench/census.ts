/**
 * A census of what a control plane does (bench:voice): a thin entry module around a bundled worker that counts, in
 * its isolate, every D1 round trip and statement (by verb and table) and every outgoing fetch (by method and path,
 * ids left out), read and reset at `GET /__census`. The product's control plane and the bare baseline
 * (scripts/baseline/worker.ts) run under the same census, so both pay its few microseconds a call alike and the run
 * shows that the baseline makes the product's statements, texts and requests. Durable Objects run in their worker's
 * isolate, so their statements count too; the bench's own reads (Miniflare's D1 proxy) run elsewhere and do not.
 */
import { writeFileSync } from "node:fs";
import { dirname } from "node:path";

export const CENSUS_PATH = "/__census";

const CENSUS = /* js */ `
import { AsyncLocalStorage } from "node:async_hooks";

// Statements are kept by their text and where they were made, and told apart by kind only when read: a Map lookup a
// statement, so the census costs each side little.
const tally = () => ({ trips: 0, statements: 0, made: new Map(), requests: {}, received: {} });
let counted = tally();
const note = (map, key) => { map[key] = (map[key] ?? 0) + 1; };

/** "insert calls", "select agents": the statement's verb and the first table it names. */
function kindOf(sql) {
  const verb = /^\\s*(\\w+)/.exec(sql)?.[1]?.toLowerCase() ?? "?";
  const table = /\\b(?:into|update|from)\\s+[\`"]?(\\w+)/i.exec(sql)?.[1] ?? "?";
  return verb + " " + table;
}

/** The request being handled, when a statement is made in its handler (a Durable Object's own work has none). */
const handling = new AsyncLocalStorage();

function trip(statements) {
  counted.trips++;
  const where = handling.getStore() ?? "object";
  for (const statement of statements) {
    counted.statements++;
    const text = statement?.statement ?? "?";
    let places = counted.made.get(text);
    if (!places) counted.made.set(text, (places = new Map()));
    places.set(where, (places.get(where) ?? 0) + 1);
  }
}

/** What was counted since the last read, its statements by kind and place ("insert calls @tool"). */
function report(taken) {
  const sql = {};
  for (const [text, places] of taken.made)
    for (const [where, count] of places) sql[kindOf(String(text)) + " @" + where] = (sql[kindOf(String(text)) + " @" + where] ?? 0) + count;
  return { trips: taken.trips, statements: taken.statements, sql, requests: taken.requests, received: taken.received };
}

/** "POST /2010-04-01/Accounts/:id/Messages.json": ids and numbers left out, so a path names a kind of request. */
function requestOf(input, init) {
  const url = new URL(typeof input === "string" || input instanceof URL ? String(input) : input.url);
  const method = (init?.method ?? (typeof input === "object" && "method" in input ? input.method : "GET")).toUpperCase();
  return method + " " + url.pathname.replace(/\\/(?:[A-Z]{2}[0-9a-f]{32}|[0-9a-f-]{16,}|\\d+)(?=\\/|$)/gi, "/:id");
}

const fetchOf = globalThis.fetch;
globalThis.fetch = function (input, init) {
  note(counted.requests, requestOf(input, init));
  return fetchOf.call(this, input, init);
};

/** D1's classes are patched once, from the first binding seen: every binding and Durable Object of the isolate shares them. */
let patched = false;
function patchD1(db) {
  if (patched || !db?.prepare) return;
  patched = true;
  const statement = Object.getPrototypeOf(db.prepare("select 1"));
  for (const method of ["first", "all", "run", "raw"]) {
    const original = statement[method];
    statement[method] = function (...args) {
      trip([this]);
      return original.apply(this, args);
    };
  }
  const database = Object.getPrototypeOf(db);
  const batch = database.batch;
  database.batch = function (statements) {
    trip(statements);
    return batch.call(this, statements);
  };
  const exec = database.exec;
  database.exec = function (sql) {
    trip([{ statement: sql }]);
    return exec.call(this, sql);
  };
}

export default {
  ...worker,
  fetch(request, env, ctx) {
    patchD1(env.DB);
    if (new URL(request.url).pathname === "${CENSUS_PATH}") {
      const taken = counted;
      counted = tally();
      return Response.json(report(taken));
    }
    const received = requestOf(request);
    note(counted.received, received);
    return handling.run(received.replace("POST /internal/calls/:id/", ""), () => worker.fetch(request, env, ctx));
  },
};
`;

export interface Census {
  /** D1 round trips (a batch is one). */
  trips: number;
  statements: number;
  /** Statements by kind and where they were made ("insert calls @POST /twilio/voice/inbound", "update calls @object"). */
  sql: Record<string, number>;
  /** Requests the worker received, by kind. */
  received: Record<string, number>;
  /** Outgoing fetches by kind ("POST /v1/chat/completions"). */
  requests: Record<string, number>;
}

/** Writes the census entry beside a bundle's entry module and answers its path, to run in the bundle's place. */
export function censusEntry(bundleEntry: string): string {
  const entry = `${dirname(bundleEntry)}/census.js`;
  const module = `./${bundleEntry.slice(dirname(bundleEntry).length + 1)}`;
  writeFileSync(entry, `import worker from "${module}";\nexport * from "${module}";\n${CENSUS}`);
  return entry;
}

/** What the worker at `base` did since the last read. */
export async function takeCensus(base: string): Promise<Census> {
  return (await (await fetch(`${base}${CENSUS_PATH}`)).json()) as Census;
}

/** Censuses of several passes, summed. */
export function summed(censuses: Census[]): Census {
  const total: Census = { trips: 0, statements: 0, sql: {}, requests: {}, received: {} };
  const add = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [key, count] of Object.entries(from)) into[key] = (into[key] ?? 0) + count;
  };
  for (const census of censuses) {
    total.trips += census.trips;
    total.statements += census.statements;
    add(total.sql, census.sql);
    add(total.requests, census.requests);
    add(total.received, census.received);
  }
  return total;
}

/** One line: per call, round trips, statements, texts and outgoing requests, then each kind, and the requests received. */
export function censusLine(census: Census, calls: number): string {
  const per = (count: number) => Math.round((count / calls) * 100) / 100;
  const kinds = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, count]) => `${kind} ${per(count)}`)
      .join(", ");
  const texts = Object.entries(census.requests)
    .filter(([kind]) => kind.endsWith("/Messages.json"))
    .reduce((sum, [, count]) => sum + count, 0);
  const requests = Object.values(census.requests).reduce((sum, count) => sum + count, 0);
  return (
    `d1_trips=${per(census.trips)} d1_statements=${per(census.statements)} texts=${per(texts)} requests=${per(requests)} ` +
    `(received: ${kinds(census.received)}; statements: ${kinds(census.sql)}; requests: ${kinds(census.requests)})`
  );
}
