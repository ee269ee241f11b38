import { describe, expect, it } from "vitest";
import { parseRobots } from "./robots";

describe("robots.txt (RFC 9309)", async () => {
  it("applies the groups naming our product token instead of *, when there are any", async () => {
    const robots = await parseRobots("User-agent: *\nDisallow: /\n\nUser-agent: OtherBot\nUser-agent: nikkiai\nDisallow: /staff\n", "NikkiAI");
    expect(await Promise.all(["/", "/prices", "/staff/rota"].map((path) => robots.allows(path)))).toEqual([true, true, false]);
  });

  it("otherwise *: the longest matching rule wins, Allow at equal length, with * and $ in paths", async () => {
    const robots = await parseRobots(
      "user-agent: OtherBot\ndisallow: /\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/open\nDisallow: /*.pdf$\nDisallow: /search?\nAllow: /same\nDisallow: /same\nDisallow:\n",
      "NikkiAI",
    );
    expect(
      await Promise.all(
        ["/private/x", "/private/open-house", "/menu.pdf", "/menu.pdf?v=2", "/search?q=bread", "/search", "/same", "/robots.txt"].map((path) =>
          robots.allows(path),
        ),
      ),
    ).toEqual([false, true, false, true, false, true, true, true]);
  });

  it("reads the sitemaps it names, and allows everything when it says nothing for us", async () => {
    const robots = await parseRobots("# comment\nSitemap: https://www.example.com/sitemap-index.xml\nUser-agent: OtherBot\nDisallow: /\n", "NikkiAI");
    expect([robots.sitemaps, await robots.allows("/anything")]).toEqual([["https://www.example.com/sitemap-index.xml"], true]);
  });
});
