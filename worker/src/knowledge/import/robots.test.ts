import { describe, expect, it } from "vitest";
import { parseRobots } from "./robots";

describe("robots.txt (RFC 9309)", () => {
  it("applies the groups naming our product token instead of *, when there are any", () => {
    const robots = parseRobots("User-agent: *\nDisallow: /\n\nUser-agent: OtherBot\nUser-agent: nikkiai\nDisallow: /staff\n", "NikkiAI");
    expect([robots.allows("/"), robots.allows("/prices"), robots.allows("/staff/rota")]).toEqual([true, true, false]);
  });

  it("otherwise *: the longest matching rule wins, Allow at equal length, with * and $ in paths", () => {
    const robots = parseRobots(
      "user-agent: OtherBot\ndisallow: /\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/open\nDisallow: /*.pdf$\nDisallow: /search?\nAllow: /same\nDisallow: /same\nDisallow:\n",
      "NikkiAI",
    );
    expect(
      ["/private/x", "/private/open-house", "/menu.pdf", "/menu.pdf?v=2", "/search?q=bread", "/search", "/same", "/robots.txt"].map((path) =>
        robots.allows(path),
      ),
    ).toEqual([false, true, false, true, false, true, true, true]);
  });

  it("reads the sitemaps it names, and allows everything when it says nothing for us", () => {
    const robots = parseRobots("# comment\nSitemap: https://www.example.com/sitemap-index.xml\nUser-agent: OtherBot\nDisallow: /\n", "NikkiAI");
    expect([robots.sitemaps, robots.allows("/anything")]).toEqual([["https://www.example.com/sitemap-index.xml"], true]);
  });
});
