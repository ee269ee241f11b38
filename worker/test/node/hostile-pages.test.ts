import { HOSTILE_PAGE_BYTES, hostilePages, hostileRobots, hostileSitemaps, nested } from "@nikki/simulators/hostile-pages";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SECTION_BODY_MAX, extractPage } from "../../src/knowledge/import/extract";
import { parseHtml } from "../../src/knowledge/import/html-tree";
import { parseRobots } from "../../src/knowledge/import/robots";
import { linkedPagesOf } from "../../src/knowledge/import/site-links";
import { parseSitemap } from "../../src/knowledge/import/sitemap";

/**
 * A business's website is input from whoever controls it, read inside the worker's isolate: no page, sitemap or
 * robots.txt may hold that isolate (every other request of the worker waits on it) for long, or throw. Each hostile
 * document of simulators/hostile-pages.ts, at the import's 2 MB, must be read in under a second here, with an answer
 * that makes sense. Run here, in Node, because workerd does not advance its clock during synchronous work.
 */

const LIMIT_MS = 1_000;
const ORIGIN = "https://www.example.com";

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = run();
  return { value, ms: performance.now() - start };
}

describe.each(hostilePages())("a hostile page: $name", ({ text }) => {
  it("is parsed, extracted and its links found in under a second each", () => {
    const tree = timed(() => parseHtml(text));
    expect(tree.value.name).toBe("#document");
    const page = timed(() => extractPage(text, "/hostile"));
    expect(typeof page.value.title).toBe("string");
    expect(page.value.title.length).toBeLessThanOrEqual(200);
    for (const section of page.value.sections) expect(section.body.length).toBeLessThanOrEqual(SECTION_BODY_MAX);
    const links = timed(() => linkedPagesOf(text, `${ORIGIN}/`, ORIGIN));
    for (const link of links.value) expect(link.startsWith(`${ORIGIN}/`)).toBe(true);
    const sitemap = timed(() => parseSitemap(text));
    expect(sitemap.value.locations).toEqual(expect.any(Array));
    const times = { parse: tree.ms, extract: page.ms, links: links.ms, sitemap: sitemap.ms };
    expect(Object.entries(times).filter(([, ms]) => ms >= LIMIT_MS)).toEqual([]);
  });
});

describe.each(hostileSitemaps())("a hostile sitemap: $name", ({ text }) => {
  it("is read in under a second", () => {
    const sitemap = timed(() => parseSitemap(text));
    expect(sitemap.ms).toBeLessThan(LIMIT_MS);
    for (const location of sitemap.value.locations) expect(location).toBe(location.trim());
  });
});

describe.each(hostileRobots())("a hostile robots.txt: $name", ({ robots, paths }) => {
  it("is read and each path matched in under a second", () => {
    const parsed = timed(() => parseRobots(robots, "NikkiAI"));
    expect(parsed.ms).toBeLessThan(LIMIT_MS);
    for (const path of paths) {
      const answer = timed(() => parsed.value.allows(path));
      expect(answer.value).toEqual(expect.any(Boolean));
      expect(answer.ms).toBeLessThan(LIMIT_MS);
    }
  });
});

describe("what the reader still makes of hostile pages", () => {
  const deep = '<h2>Deep</h2><p>Down here.</p><a href="/deep">deep</a>';

  it("finds the heading, text and link at the bottom of 2,000 and 10,000 nested divs", () => {
    for (const depth of [2_000, 10_000]) {
      const page = extractPage(nested(depth, deep), "/deep");
      expect(page.sections).toEqual([{ title: "Deep", body: "Down here.\ndeep" }]);
      expect(page.links).toEqual(["/deep"]);
    }
  });

  it("keeps the text at the bottom of 100,000 nested divs, past the elements it reads", () => {
    expect(extractPage(nested(100_000, deep), "/deep").sections).toEqual([{ title: "/deep", body: expect.stringContaining("Down here.") }]);
  });

  it("reads the text around an unclosed script, comment or CDATA section, not inside it", () => {
    for (const opener of ["<script>", "<!--", "<![CDATA[", "<style>", "<svg>"]) {
      const page = extractPage(`<p>before</p>${opener}${"secret ".repeat(1_000)}`, "/page");
      expect(page.sections).toEqual([{ title: "/page", body: "before" }]);
    }
  });

  it("keeps a page's own text beside broken entities, NUL bytes and a huge attribute", () => {
    const page = extractPage(`<main><p>Fish &amp chips &#x; &#99999999; caf&eacute;\0</p><a href="${"x".repeat(HOSTILE_PAGE_BYTES)}">big</a></main>`, "/p");
    expect(page.sections[0]!.body).toMatch(/^Fish & chips &#x; .* café/);
    expect(page.links).toHaveLength(1);
    expect(linkedPagesOf(`<a href="/${"x".repeat(HOSTILE_PAGE_BYTES)}">big</a><a href="/ok">ok</a>`, `${ORIGIN}/`, ORIGIN)).toEqual([`${ORIGIN}/ok`]);
  });

  it("still reads the sitemap locations around hostile ones", () => {
    const xml = `<urlset><url><loc> ${ORIGIN}/a?x=1&amp;y=2 </loc></url><url><loc><![CDATA[${ORIGIN}/b]]></loc></url>${"<loc>".repeat(10_000)}`;
    expect(parseSitemap(xml)).toEqual({ index: false, locations: [`${ORIGIN}/a?x=1&y=2`, `${ORIGIN}/b`] });
  });

  it("matches a backtracking robots.txt pattern as RFC 9309 reads it", () => {
    const robots = parseRobots(`User-agent: *\nDisallow: /*a*a*a*a*a*a*a*a*a*a*a*a*b\n`, "NikkiAI");
    expect([robots.allows(`/${"a".repeat(32)}`), robots.allows(`/${"a".repeat(32)}b`), robots.allows("/ab")]).toEqual([true, false, true]);
  });
});

/** HTML-ish pieces in any order: what a generated hostile page is made of. */
const MARKUP = fc.constantFrom(
  "<div>",
  "</div>",
  "<p>",
  "</p>",
  "<h2>",
  "</h2>",
  "<main>",
  "<nav>",
  "</nav>",
  '<a href="/x">',
  "<a href='",
  "</a>",
  "<",
  "</",
  ">",
  '"',
  "'",
  "=",
  "<!--",
  "-->",
  "<![CDATA[",
  "]]>",
  "<script>",
  "</script>",
  "<title>",
  "</title>",
  "&amp;",
  "&#x",
  "&",
  ";",
  "\0",
  "<loc>",
  "</loc>",
  "text ",
  " ",
);

describe("generated hostile pages", () => {
  it("are read without a throw, within the extractor's limits", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(MARKUP, fc.string()), { maxLength: 400 }), fc.integer({ min: 1, max: 2_000 }), (pieces, repeat) => {
        const html = pieces.join("").repeat(Math.ceil(repeat / Math.max(1, pieces.length)));
        const page = extractPage(html, "/generated");
        expect(page.title.length).toBeLessThanOrEqual(200);
        for (const section of page.sections) expect(section.body.length).toBeLessThanOrEqual(SECTION_BODY_MAX);
        linkedPagesOf(html, `${ORIGIN}/`, ORIGIN);
        parseSitemap(html);
      }),
      { numRuns: 200 },
    );
  });

  /** RFC 9309's matching, as a regular expression: right, and fast enough on paths and patterns this short. */
  const reference = (pattern: string, path: string) => {
    const anchored = pattern.endsWith("$");
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split("*")
      .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*");
    return new RegExp(`^${body}${anchored ? "$" : ""}`).test(path);
  };

  it("robots.txt patterns match as RFC 9309's * and $ say", () => {
    const pattern = fc.stringMatching(/^\/[ab*$]{0,8}$/);
    const path = fc.stringMatching(/^\/[ab$]{0,12}$/);
    fc.assert(
      fc.property(pattern, path, (rule, asked) => {
        expect(parseRobots(`User-agent: *\nDisallow: ${rule}\n`, "NikkiAI").allows(asked)).toBe(!reference(rule, asked));
      }),
      { numRuns: 2_000 },
    );
  });
});
