import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScripts } from "./csp";

describe("inlineScripts", () => {
  it("finds the exact text of each inline script the browser runs, once each", () => {
    const island = "(()=>{var e=async t=>{await(await t())()};})();";
    const page = 'for (const e of document.querySelectorAll("[data-year]")) e.textContent = "2026 ©";';
    const html = [
      `<script>${island}</script>`,
      `<script type="module">${page}</script>`,
      `<script>${island}</script>`,
      '<script src="/widget/v1/loader.js" async></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
    ].join("\n");
    expect(inlineScripts(html)).toEqual([island, page]);
  });

  it("finds nothing in a page without inline scripts", () => {
    expect(inlineScripts('<main><script src="/a.js"></script></main>')).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows only this origin and the hashed scripts, and forbids plugins, base changes and framing", () => {
    const policy = contentSecurityPolicy(["sha256-abc="]);
    const directives = Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
    expect(directives["script-src"]).toEqual(["'self'", "'sha256-abc='"]);
    expect(directives["connect-src"]).toEqual(["'self'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'none'"]);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy).not.toContain("unsafe-eval");
  });
});
