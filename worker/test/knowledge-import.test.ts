import { IMPORT_MESSAGES, importOutcome } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp } from "./accounts";
import { SITES, discover, importedToEnd, requestsTo, startImport, websiteEntries } from "./knowledge-import-helpers";

/**
 * Importing a business's website (issue 39 §2) from the fixture sites on loopback (through the URL guard's test-only
 * allow-list): what is found, what is imported as sections, every page that fails and why, a root that redirects,
 * the 50-page limit, and a re-import that refreshes a changed page and keeps the owner's edits.
 */

const bakery = (path: string) => `${SITES.bakery}${path}`;
const linked = (path: string) => `${SITES.linked}${path}`;

describe("a website import", { timeout: 90_000 }, () => {
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await signUp({ company: "Sunrise Bakery" });
  });

  it("finds the pages a sitemap index lists, on this site only, and names those robots.txt keeps out", async () => {
    const { status, body } = await discover(owner, SITES.bakery);
    expect(status).toBe(200);
    expect(body.discovery).toEqual({
      url: bakery("/"),
      source: "sitemap",
      pages: ["/", "/about", "/prices", "/hours", "/private/open-house", "/menu", "/gone", "/old-specials", "/catalogue"].map(bakery),
      skipped: [{ url: bakery("/private/staff"), reason: "blocked by robots.txt" }],
    });
  });

  it("imports every page found in the background, with live progress, each failure's reason, and the main text only", async () => {
    const { final, seen } = await importedToEnd(owner, { url: SITES.bakery });
    expect(final).toMatchObject({ status: "done", url: bakery("/"), pages_total: 9, pages_done: 9, error: null });
    // Progress was written page by page, not only at the end.
    expect(seen.filter((step) => step.startsWith("running")).length).toBeGreaterThan(1);
    expect(final.failures).toEqual([
      { url: bakery("/private/staff"), reason: "blocked by robots.txt" },
      { url: bakery("/menu"), reason: "not HTML" },
      { url: bakery("/gone"), reason: "HTTP 404" },
      { url: bakery("/old-specials"), reason: `redirected to ${bakery("/specials")}` },
      { url: bakery("/catalogue"), reason: "too large: an import reads at most 2 MB in all" },
    ]);

    const entries = await websiteEntries(owner.organizationId);
    expect(final.sections_imported).toBe(entries.length);
    // The five pages read were all new to the knowledge, and wrote every section.
    expect(final).toMatchObject({ pages_new: 5, pages_changed: 0, pages_unchanged: 0, sections_added: entries.length });
    const sections = entries.map((entry) => [entry.source_url.slice(SITES.bakery.length), entry.title, entry.body]);
    expect(sections).toEqual([
      ["/", "Sunrise Bakery", "A neighbourhood bakery on Elm Street baking bread by hand since 1998."],
      ["/", "Wedding cakes", "We bake wedding cakes to order. Book a tasting at least six weeks before the day."],
      ["/", "Gluten-free", "Our gluten-free loaves are baked on Tuesdays in a separate oven."],
      ["/about", "About us", "Maria and Tom Rivera opened the bakery in 1998.\nEverything is baked on site every morning from 4 am."],
      ["/hours", "Opening hours", "Tuesday to Sunday, 7 am to 3 pm. Closed on Mondays."],
      ["/prices", "Bread", "Sourdough loaf: $8.\nBaguette: $4."],
      ["/prices", "Cakes", "Wedding cakes from $350."],
      ["/private/open-house", "Open house", "Visit the kitchen on the first Saturday of each month at 10 am."],
    ]);
    // Each section keeps its page's <title>, which the lookup searches with it ("Bread" is found as a price).
    expect(entries.filter((entry) => entry.source_url === bakery("/prices")).map((entry) => entry.page_title)).toEqual(["Prices", "Prices"]);
    expect(entries.find((entry) => entry.source_url === bakery("/hours"))?.page_title).toBe("Hours");
    // No navigation, header, aside, footer, script or style reached an entry.
    expect(JSON.stringify(entries)).not.toMatch(/Follow us|Instagram|©|Careers|not text|font-family|Home About/);
    for (const entry of entries) {
      expect(entry).toMatchObject({ source: "website", import_id: final.id, edited: 0 });
      expect(entry.content_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    // robots.txt was obeyed and no redirect followed: neither path was ever asked for.
    const asked = await requestsTo(SITES.bakery);
    expect(asked).not.toContain("/private/staff");
    expect(asked).not.toContain("/specials");
  });

  it("refuses a second import while one is running", async () => {
    await env.DB.prepare("insert into knowledge_imports (id, organization_id, url, status) values (?, ?, ?, 'running')")
      .bind(crypto.randomUUID(), owner.organizationId, SITES.bakery)
      .run();
    const { status, body } = await startImport(owner, { url: SITES.bakery });
    expect([status, body.error.code, body.error.message]).toEqual([409, "conflict", IMPORT_MESSAGES.running]);
    await env.DB.prepare("update knowledge_imports set status = 'done' where organization_id = ?").bind(owner.organizationId).run();
  });
});

describe("a re-import", { timeout: 90_000 }, () => {
  it("refreshes a page that changed, keeps an unchanged page's entries, and leaves the owner's edits as they are", async () => {
    const owner = await signUp({ company: "Sunrise Bakery Again" });
    const picks = ["/about", "/prices", "/hours"].map(bakery);
    const first = await importedToEnd(owner, { url: SITES.bakery, pages: picks });
    expect(first.final).toMatchObject({ status: "done", pages_total: 3, pages_done: 3, failures: [], pages: picks });
    expect(first.final).toMatchObject({ pages_new: 3, pages_changed: 0, pages_unchanged: 0, sections_added: 4 });
    const before = await websiteEntries(owner.organizationId);
    const hours = before.find((entry) => entry.title === "Opening hours")!;
    await env.DB.prepare("update knowledge_entries set body = ?, edited = 1 where id = ?").bind("Tuesday to Sunday, 7 am to 4 pm in summer.", hours.id).run();

    // The site changes its prices (and, as the owner's edit says, its hours) before the next import.
    await fetch(bakery("/__edition"), { method: "POST" });
    await env.DB.prepare("update knowledge_imports set status = 'done'").run();
    const second = await importedToEnd(owner, { url: SITES.bakery, pages: picks });
    expect(second.final).toMatchObject({ status: "done", pages_done: 3, failures: [] });
    const after = await websiteEntries(owner.organizationId);

    const byPage = (entries: typeof after, path: string) => entries.filter((entry) => entry.source_url === bakery(path));
    // Unchanged: the same entries, untouched, counted with this import.
    expect(byPage(after, "/about").map(({ id, body, updated_at }) => ({ id, body, updated_at }))).toEqual(
      byPage(before, "/about").map(({ id, body, updated_at }) => ({ id, body, updated_at })),
    );
    expect(byPage(after, "/about")[0]!.import_id).toBe(second.final.id);
    // Changed: new entries with the new text and hash.
    expect(byPage(after, "/prices").map((entry) => entry.body)).toEqual(["Sourdough loaf: $9.\nBaguette: $4.", "Wedding cakes from $375."]);
    expect(byPage(after, "/prices")[0]!.content_hash).not.toBe(byPage(before, "/prices")[0]!.content_hash);
    // Edited: exactly as the owner left it, still marked edited, not duplicated by the page's section of the same title.
    expect(byPage(after, "/hours")).toEqual([{ ...hours, body: "Tuesday to Sunday, 7 am to 4 pm in summer.", edited: 1 }]);
    expect(second.final.sections_imported).toBe(after.filter((entry) => entry.import_id === second.final.id).length);
    // What the re-import did, as its end message says it: /about the same, /prices and /hours changed, and only the two
    // new price sections written (the owner's edited hours stand in for the page's).
    expect(second.final).toMatchObject({ pages_new: 0, pages_changed: 2, pages_unchanged: 1, sections_added: 2 });
    expect(importOutcome(second.final)).toBe("3 of 3 pages read: 2 changed, 1 unchanged; 2 sections added.");
  });
});

describe("a site's address", { timeout: 90_000 }, () => {
  let owner: SignedUp;
  beforeAll(async () => {
    owner = await signUp({ company: "Moved Bakery" });
  });

  it("that redirects is refused, naming the address to use instead, when looked at and when imported", async () => {
    const message = IMPORT_MESSAGES.rootRedirect("https://www.moved-bakery.example/");
    expect(message).toBe("That address redirects to https://www.moved-bakery.example/. Enter https://www.moved-bakery.example/ instead and try again.");
    const looked = await discover(owner, SITES.moved);
    expect([looked.status, looked.body.error.fields]).toEqual([400, { url: message }]);
    const { final } = await importedToEnd(owner, { url: SITES.moved });
    expect(final).toMatchObject({ status: "failed", error: message, pages_done: 0 });
    expect(await websiteEntries(owner.organizationId)).toEqual([]);
  });

  it("without a sitemap: same-origin links are followed from it, up to 50 pages", async () => {
    const { status, body } = await discover(owner, SITES.linked);
    expect(status).toBe(200);
    const items = Array.from({ length: 46 }, (_, index) => `/catalog/item-${index + 1}`);
    expect(body.discovery).toEqual({ url: linked("/"), source: "links", pages: ["/", "/about-us", "/contact", "/catalog", ...items].map(linked), skipped: [] });

    const homeAsked = async () => (await requestsTo(SITES.linked)).filter((path) => path === "/").length;
    const homeBefore = await homeAsked();
    const { final } = await importedToEnd(owner, { url: SITES.linked });
    expect(final).toMatchObject({ status: "done", pages_total: 50, pages_done: 50, failures: [] });
    const pages = new Set((await websiteEntries(owner.organizationId)).map((entry) => entry.source_url));
    expect(pages.size).toBe(50);
    expect(pages.has(linked("/catalog/item-47"))).toBe(false);
    // The address is fetched once by the import, read for its links and imported from that one reading.
    expect((await homeAsked()) - homeBefore).toBe(1);
    expect(pages.has(linked("/"))).toBe(true);
  });
});
