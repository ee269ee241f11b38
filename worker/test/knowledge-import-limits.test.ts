import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportLimits, PAGE_FAILURES } from "@nikki/core";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp } from "./accounts";
import { SITES, readImport, runStoredImport, startImport, websiteEntries } from "./knowledge-import-helpers";

/**
 * A website import's limits and its URL guard: a page that takes too long, the bytes an import may read in all, and
 * addresses the guard refuses when the import is asked for and again before each request. The limits are the
 * runner's arguments (the real ones are core's IMPORT_LIMITS), so a slow page is tested without waiting 10 s.
 */

const bakery = (path: string) => `${SITES.bakery}${path}`;

let owner: SignedUp;
beforeAll(async () => {
  owner = await signUp({ company: "Limits Bakery" });
});

/** An import as the route stores it (or as stored before a rule), run to its end by the same runner its KnowledgeImporter runs. */
async function runStored(url: string, pages: string[] | null, limits: ImportLimits = IMPORT_LIMITS) {
  return readImport(owner, await runStoredImport(owner.organizationId, url, pages, limits));
}

describe("a website import's limits", { timeout: 60_000 }, () => {
  it("gives up on a page after its time limit, says so, and goes on to the next", async () => {
    const started = Date.now();
    const done = await runStored(SITES.bakery, [bakery("/slow"), bakery("/hours")], { ...IMPORT_LIMITS, pageTimeoutMs: 500 });
    expect(Date.now() - started).toBeLessThan(2_900);
    expect(done).toMatchObject({ status: "done", pages_done: 2, failures: [{ url: bakery("/slow"), reason: "timed out after 0.5 s" }] });
    expect(done.sections_imported).toBe(1);
    expect(IMPORT_LIMITS.pageTimeoutMs).toBe(10_000);
  });

  it("reads no more than its total: a page beyond what is left is too large", async () => {
    const size = async (path: string) => (await (await fetch(bakery(path))).arrayBuffer()).byteLength;
    // After the hours page, one byte less than the prices page is left.
    const totalBytes = (await size("/hours")) + (await size("/prices")) - 1;
    const done = await runStored(SITES.bakery, [bakery("/hours"), bakery("/prices")], { ...IMPORT_LIMITS, totalBytes });
    expect(done.failures).toEqual([{ url: bakery("/prices"), reason: PAGE_FAILURES.tooLarge(totalBytes) }]);
    expect(PAGE_FAILURES.tooLarge(totalBytes)).toMatch(/^too large: an import reads at most \d+ KB in all$/);
    expect(IMPORT_LIMITS.totalBytes).toBe(2 * 1024 * 1024);
  });
});

describe("the URL guard on a website import", { timeout: 60_000 }, () => {
  it("refuses an address it does not allow when the import is asked for", async () => {
    const refused: [string, RegExp][] = [
      ["http://10.0.0.1/", /here, it must use a host name, not an IP address/],
      ["https://169.254.169.254/latest/meta-data/", /not an IP address/],
      ["https://[::1]/", /not an IP address/],
      ["file:///etc/passwd", /here, it is not a plain web address/],
      ["ftp://bakery.example.com/", /here, it must use a secure scheme/],
      ["https://localhost/", /here, it points at a local or internal host/],
      ["http://127.0.0.1:9/", /not an IP address/],
      ["https://user:secret@bakery.example.com/", /here, it must not carry a user name or password/],
    ];
    for (const [url, reason] of refused) {
      const { status, body } = await startImport(owner, { url });
      expect([url, status, body.error.code]).toEqual([url, 400, "validation_failed"]);
      expect(body.error.fields.url).toMatch(reason);
    }
    const picks = await startImport(owner, { url: SITES.bakery, pages: [bakery("/hours"), "http://169.254.169.254/latest/meta-data/"] });
    expect([picks.status, picks.body.error.fields]).toEqual([400, { pages: IMPORT_MESSAGES.foreignPage }]);
    const tooMany = await startImport(owner, { url: SITES.bakery, pages: Array.from({ length: 51 }, (_, index) => bakery(`/p${index}`)) });
    expect([tooMany.status, tooMany.body.error.fields]).toEqual([400, { pages: "Pick at most 50 pages." }]);
  });

  it("checks each page again before fetching it: a stored page or address it refuses is never requested", async () => {
    const done = await runStored(SITES.bakery, [bakery("/hours"), "http://169.254.169.254/latest/meta-data/", "https://metadata.google.internal/"]);
    expect(done.failures).toEqual([
      { url: "http://169.254.169.254/latest/meta-data/", reason: "not allowed: it must use a host name, not an IP address" },
      { url: "https://metadata.google.internal/", reason: "not allowed: it points at a local or internal host" },
    ]);
    const stored = await runStored("http://10.1.2.3/", null);
    expect(stored).toMatchObject({ status: "failed", error: "That address is not allowed: it must use a host name, not an IP address.", pages_done: 0 });
    expect((await websiteEntries(owner.organizationId)).every((entry) => entry.source_url.startsWith(SITES.bakery))).toBe(true);
  });
});
