import { BACKTRACKING_PATH } from "@nikki/simulators/hostile-pages";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, call, signUp } from "./accounts";
import { SITES, discover, importedToEnd, websiteEntries } from "./knowledge-import-helpers";

/**
 * A website made of hostile content (simulators/hostile-pages.ts's hostileSite), imported through the worker in
 * workerd as a business's site would be: a robots.txt pattern that backtracked for seconds, a sitemap of unclosed
 * <loc>s, a home page that is mostly a tag never closed (quadratic for the old tag regex), and pages nested 2,000 and
 * 100,000 deep (past workerd's stack for the old recursive reader). The timings are worker/test/node/hostile-pages.test.ts's
 * (workerd's clock stands still during synchronous work); here, that the worker reads them all and stays responsive.
 */

const hostile = (path: string) => `${SITES.hostile}${path}`;

describe("a hostile website", { timeout: 90_000 }, () => {
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await signUp({ company: "Hostile Hosting" });
  });

  it("is discovered by its links, its robots.txt read as RFC 9309 says, and the worker answers meanwhile", async () => {
    const [found, ping] = await Promise.all([discover(owner, SITES.hostile), call("/api/ping")]);
    expect(ping.status).toBe(200);
    expect(found.status).toBe(200);
    expect(found.body.discovery).toEqual({
      url: hostile("/"),
      source: "links",
      pages: ["/", BACKTRACKING_PATH, "/deep", "/deeper"].map(hostile),
      skipped: [],
    });
  });

  it("imports the text of pages nested 2,000 and 100,000 deep", async () => {
    const { final } = await importedToEnd(owner, { url: SITES.hostile, pages: [hostile("/deep"), hostile("/deeper")] });
    expect(final).toMatchObject({ status: "done", pages_done: 2, failures: [], error: null });
    const sections = (await websiteEntries(owner.organizationId)).map((entry) => [entry.source_url.slice(SITES.hostile.length), entry.title, entry.body]);
    expect(sections).toEqual([
      ["/deep", "Deep", "Down 2000 levels."],
      ["/deeper", "/deeper", "Deep Down 100000 levels."],
    ]);
  });
});
