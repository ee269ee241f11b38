import { describe, expect, it } from "vitest";
import { pageOf, pagesLinked } from "./site-links";

const ORIGIN = "https://www.example.com";

describe("a site's pages from its links", () => {
  it("reads a folder's index file as the folder, so the home page is not imported twice", () => {
    expect(pageOf("index.html", `${ORIGIN}/`, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(pageOf("/team/INDEX.HTM#top", `${ORIGIN}/`, ORIGIN)).toBe(`${ORIGIN}/team/`);
    expect(pagesLinked(["/", "index.html", "about.html", "/index.html?x=1"], `${ORIGIN}/`, ORIGIN)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/about.html`,
      `${ORIGIN}/?x=1`,
    ]);
  });

  it("keeps pages that only look like an index file", () => {
    expect(pageOf("/index.html.bak", `${ORIGIN}/`, ORIGIN)).toBe(`${ORIGIN}/index.html.bak`);
    expect(pageOf("/my-index.html", `${ORIGIN}/`, ORIGIN)).toBe(`${ORIGIN}/my-index.html`);
  });
});
