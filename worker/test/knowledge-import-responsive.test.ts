import { hostilePages, hostileRobots, hostileSitemaps } from "@nikki/simulators/hostile-pages";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { createD1Database } from "../src/db/client";
import { storePage } from "../src/knowledge/import/store";
import { extractPage } from "../src/website-reader/extract";
import { parseRobots } from "../src/website-reader/robots";
import { linkedPagesOf } from "../src/website-reader/site-links";
import { parseSitemap } from "../src/website-reader/sitemap";
import { type SignedUp, call, signUp } from "./accounts";
import { SITES, discover, importedToEnd, websiteEntries } from "./knowledge-import-helpers";

/**
 * The worker answers while it reads a business's hostile content. workerd runs an isolate's other requests only while
 * the one running awaits: a reader that never yields makes every request that comes meanwhile wait for all of its work.
 * Here two loops ask `GET /api/ping` back to back (so one is always waiting on the isolate) while a 2 MB hostile page,
 * sitemap or robots.txt is read: by the readers themselves, in this isolate, and by the product, as a business
 * discovers and imports heavySite() (simulators/hostile-pages.ts: 2 MB of malformed entities).
 */

/**
 * Pings answered while one document was read: more than the two already on their way when the reading began. Each
 * reader yields every 64 KB or few thousand lines (a 2 MB page 32 times, the robots.txt of 20,000 rules 13 times), and
 * pings are answered between the pieces: 4 to 57 of them here, on a machine at load 8 to 10. A reader that does not
 * yield answers exactly those two, after all of its work (90 to 500 ms of it here): a count, which a loaded machine
 * cannot blur as it blurs times.
 */
const PINGS_WHILE_READING = 3;
/**
 * No ping waits longer while the product reads the page, in the best of up to ATTEMPTS readings. A ping is a few
 * milliseconds of work and each piece of the reading a few more, yet on this shared 2-core machine at load 10 to 14
 * pings took up to 132 ms with nothing being read (waiting for a core) and up to 153 ms while the page was. 250 ms
 * leaves room for that, and for three workerd runners at once; the page's reading is warmed first (its code's first
 * run is not what is measured). Times alone do not tell a yielding reader from one that holds the isolate for the
 * 100 to 160 ms this page took in one piece: the count above does.
 */
const PING_BOUND_MS = 250;
/**
 * Readings of the page at most, until one keeps every ping under the bound: at load 15 (CPU pressure 97 %) one in two
 * had a ping of 260 to 320 ms, the machine's (pings waited as long with nothing being read), which falls on one
 * reading, not on each. So this bound says what the product keeps on a loaded machine; that the readers yield is
 * what the counts above prove (without the yields, one reading here had a ping of 405 ms at load 11, and another none
 * over 250).
 */
const ATTEMPTS = 3;
/**
 * Pings answered while a page of 200 long sections is stored: its 25 trips to the database, a yield between each, let
 * at least this many through; written in one trip, the page let through only the pings already on their way.
 */
const PINGS_WHILE_STORING = 8;
/** Pings answered while the product read the page, at least: they were asked meanwhile, not only after. */
const PINGS_AT_LEAST = 10;

/** What `work` gave, and how long each ping answered meanwhile took (workerd's clock stands still during a computation, not across a wait). */
async function pingsWhile<T>(work: () => Promise<T>): Promise<{ result: T; pings: number[] }> {
  const pings: number[] = [];
  let working = true;
  const reading = work().finally(() => {
    working = false;
  });
  const pinging = async () => {
    while (working) {
      const sent = Date.now();
      const response = await call("/api/ping");
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      pings.push(Date.now() - sent);
    }
  };
  const [result] = await Promise.all([reading, pinging(), pinging()]);
  return { result, pings };
}

describe("a 2 MB hostile document read in the isolate", () => {
  const page = hostilePages().find((hostile) => hostile.name === "malformed entities")!.text;
  const sitemap = hostileSitemaps().find((hostile) => hostile.name === "unclosed <loc>s")!.text;
  const robots = hostileRobots().find((hostile) => hostile.name === "many patterns")!;

  it.each<[string, () => Promise<unknown>]>([
    ["a page, for its sections", () => extractPage(page, "/")],
    ["a page, for its links", () => linkedPagesOf(page, "https://www.example.com/", "https://www.example.com")],
    ["a sitemap", () => parseSitemap(sitemap)],
    ["a robots.txt of 20,000 rules, and a path matched", async () => (await parseRobots(robots.robots, "NikkiAI")).allows(robots.paths[0]!)],
  ])("%s: other requests are answered between its pieces", async (_, read) => {
    const { pings } = await pingsWhile(read);
    expect(pings.length).toBeGreaterThanOrEqual(PINGS_WHILE_READING);
  });
});

describe("a business's 2 MB hostile page", { timeout: 90_000 }, () => {
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await signUp({ company: "Heavy Pages" });
    await discover(owner, SITES.heavy);
  });

  /** `work` done up to ATTEMPTS times, each checked, until no ping waited PING_BOUND_MS; the pings of its best time. */
  async function answeredMeanwhile<T>(work: () => Promise<T>, check: (result: T) => Promise<void>) {
    let best: number[] = [];
    for (let attempt = 0; attempt < ATTEMPTS && !(best.length > 0 && Math.max(...best) < PING_BOUND_MS); attempt++) {
      const { result, pings } = await pingsWhile(work);
      await check(result);
      if (best.length === 0 || Math.max(...pings) < Math.max(...best)) best = pings;
    }
    expect(best.length).toBeGreaterThanOrEqual(PINGS_AT_LEAST);
    expect(Math.max(...best)).toBeLessThan(PING_BOUND_MS);
  }

  it("leaves the worker answering while it is read for its links", async () => {
    await answeredMeanwhile(
      () => discover(owner, SITES.heavy),
      async (result) => {
        expect(result.status).toBe(200);
        expect(result.body.discovery.pages).toEqual([`${SITES.heavy}/`]);
      },
    );
  });

  it("leaves the worker answering while it is imported", async () => {
    await answeredMeanwhile(
      () => importedToEnd(owner, { url: SITES.heavy, pages: [`${SITES.heavy}/`] }),
      async (result) => {
        expect(result.final).toMatchObject({ status: "done", pages_done: 1, failures: [], error: null });
        expect((await websiteEntries(owner.organizationId)).map((entry) => entry.title)).toEqual(["/"]);
      },
    );
  });
});

describe("a page of 200 sections of 4,000 characters stored", () => {
  it("lets other requests through between its writes (each section is indexed for search as it is written)", async () => {
    const { organizationId } = await signUp({ company: "Long Sections" });
    const words = Array.from({ length: 700 }, (_, index) => `word${(index * 7919) % 5000}`)
      .join(" ")
      .slice(0, 4_000);
    const sections = Array.from({ length: 200 }, (_, index) => ({ title: `Heading ${index + 1}`, body: words }));
    const page = { organizationId, importId: crypto.randomUUID(), url: "https://www.example.com/", title: "Example", contentHash: "long", sections };
    const { result, pings } = await pingsWhile(() => storePage(createD1Database(env.DB), page, { organizationId, maxEntries: 200 }));
    expect(result).toEqual({ page: "new", sectionsAdded: 200, sectionsLeft: 0 });
    expect(pings.length).toBeGreaterThanOrEqual(PINGS_WHILE_STORING);
  });
});
