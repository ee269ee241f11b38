import { IMPORT_LIMITS, IMPORT_MESSAGES } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { planeRequest } from "../src/call/plane-auth";
import { createD1Database } from "../src/db/client";
import { runImport } from "../src/knowledge/import/run";
import type { WebsiteReader } from "../src/knowledge/import/website-reader-client";
import type { ReadEvent } from "../src/rpc/website-reader";
import { type SignedUp, signUp } from "./accounts";
import { SITES, readImport, runStoredImport, websiteEntries } from "./knowledge-import-helpers";

/**
 * The website reader, a worker of its own (wrangler.website-reader.toml): it answers only the control plane's signed
 * requests, reads a site page by page as NDJSON, and the import stores each page as it arrives; a reading cut short
 * fails the import in the owner's words rather than leaving it done with pages missing.
 */

const bakery = (path: string) => `${SITES.bakery}${path}`;
const READ = "https://website-reader.internal/website-reader/read";

async function eventsOf(response: Response): Promise<ReadEvent[]> {
  return (await response.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReadEvent);
}

describe("the website reader", { timeout: 60_000 }, () => {
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await signUp({ company: "Reader Bakery" });
  });

  it("refuses a request the control plane did not sign, and one signed with another secret", async () => {
    const body = { url: SITES.bakery, pages: null, from: 0, bytesLeft: IMPORT_LIMITS.totalBytes, limits: IMPORT_LIMITS };
    const unsigned = await env.WEBSITE_READER.fetch(READ, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(unsigned.status).toBe(403);
    const forged = await env.WEBSITE_READER.fetch(await planeRequest("another-secret-0123456789abcdefghijklmnopqrstuvwxyz", READ, body));
    expect(forged.status).toBe(403);
  });

  it("reads the pages given from where the import stopped, each in order as an event, then its end", async () => {
    const pages = [bakery("/"), bakery("/gone"), bakery("/hours")];
    const response = await env.WEBSITE_READER.fetch(
      await planeRequest(env.AUTH_SECRET!, READ, { url: SITES.bakery, pages, from: 1, bytesLeft: IMPORT_LIMITS.totalBytes, limits: IMPORT_LIMITS }),
    );
    expect(response.headers.get("content-type")).toBe("application/x-ndjson");
    const events = await eventsOf(response);
    expect(
      events.map((event) => (event.type === "page" ? `${event.url.slice(SITES.bakery.length)} ${"reason" in event ? event.reason : "read"}` : event.type)),
    ).toEqual(["/gone HTTP 404", "/hours read", "end"]);
    const hours = events[1] as Extract<ReadEvent, { page: unknown }>;
    expect(hours.page.sections).toEqual([{ title: "Opening hours", body: "Tuesday to Sunday, 7 am to 3 pm. Closed on Mondays." }]);
  });

  it("stores each page the reader gives and fails an import whose reading was cut short (no end), in the owner's words", async () => {
    const id = crypto.randomUUID();
    await env.DB.prepare("insert into knowledge_imports (id, organization_id, url, pages, pages_total) values (?, ?, ?, ?, 2)")
      .bind(id, owner.organizationId, SITES.bakery, JSON.stringify([bakery("/hours"), bakery("/about")]))
      .run();
    const cutShort: WebsiteReader = {
      discover: async () => ({ error: "unused" }),
      async *read() {
        yield { type: "page", url: bakery("/hours"), bytes: 100, page: { title: "Hours", sections: [{ title: "Opening hours", body: "Tuesday to Sunday." }] } };
      },
    };
    await runImport(createD1Database(env.DB), cutShort, id);
    expect(await readImport(owner, id)).toMatchObject({ status: "failed", error: IMPORT_MESSAGES.stopped, pages_done: 1 });
    expect((await websiteEntries(owner.organizationId)).map((entry) => entry.title)).toContain("Opening hours");
  });

  it("carries an import through to done when the reading ends", async () => {
    const done = await readImport(owner, await runStoredImport(owner.organizationId, SITES.bakery, [bakery("/prices")]));
    expect(done).toMatchObject({ status: "done", pages_done: 1, error: null, sections_imported: 2 });
  });
});
