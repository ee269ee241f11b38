import type { WebsiteContext, WebsitePages } from "./business-website";

/**
 * The fixture websites the import is tested on (worker tests, and an owner's check with `npm start`): a bakery with a
 * sitemap index, robots.txt and every kind of page that fails; a shop found only by its links, with more pages than
 * an import takes; and a site whose address redirects.
 */

const chrome = (title: string, main: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>body{font-family:sans-serif}</style>
<script>window.analytics = "<h2>not text</h2>";</script></head>
<body>
<header><a href="/">Sunrise Bakery</a><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/prices">Prices</a> <a href="/hours">Hours</a></nav></header>
<div class="menu-bar"><ul><li><a href="/">Home</a></li><li><a href="/about">About</a></li><li><a href="/prices">Prices</a></li></ul> | <a href="/hours">Hours</a></div>
${main}
<aside><h3>Follow us</h3><p>Instagram and Facebook: @sunrisebakery</p></aside>
<footer><p>© 2026 Sunrise Bakery · Privacy · Terms</p><nav><a href="/careers">Careers</a></nav></footer>
</body></html>`;

const urlset = (origin: string, paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((path) => `<url><loc>${path.startsWith("http") ? path : `${origin}${path}`}</loc></url>`).join("")}</urlset>`;

const xml = (body: (site: WebsiteContext) => string) => ({ headers: { "content-type": "application/xml" }, body });

export const BAKERY_SITE: WebsitePages = {
  "/robots.txt": {
    headers: { "content-type": "text/plain" },
    body: ({ origin }) => `# Sunrise Bakery\nUser-agent: *\nDisallow: /private/\nAllow: /private/open-house\n\nSitemap: ${origin}/sitemap-index.xml\n`,
  },
  "/sitemap-index.xml": xml(
    ({ origin }) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap><sitemap><loc>${origin}/sitemap-more.xml</loc></sitemap></sitemapindex>`,
  ),
  "/sitemap-pages.xml": xml(({ origin }) => urlset(origin, ["/", "/about", "/prices", "/hours"])),
  "/sitemap-more.xml": xml(({ origin }) =>
    urlset(origin, ["/private/staff", "/private/open-house", "/menu", "/gone", "/old-specials", "/catalogue", "https://elsewhere.example/page"]),
  ),
  "/": {
    body: chrome(
      "Sunrise Bakery",
      `<main><h1>Sunrise Bakery</h1><p>A neighbourhood bakery on Elm Street baking bread by hand since 1998.</p>
<h2>Wedding cakes</h2><p>We bake wedding cakes to order. Book a tasting at least six weeks before the day.</p>
<h2>Gluten-free</h2><p>Our gluten-free loaves are baked on Tuesdays in a separate oven.</p></main>`,
    ),
  },
  "/about": {
    // Slower than the rest, so an import's progress is seen between pages (polled every 100 ms by the tests).
    delayMs: 300,
    // No <main>: the text is the body without its header, navigation, aside and footer.
    body: chrome(
      "About us",
      `<div class="content"><h1>About us</h1><p>Maria and Tom Rivera opened the bakery in 1998.</p><p>Everything is baked on site every morning from 4 am.</p></div>`,
    ),
  },
  "/prices": {
    body: ({ edition }) =>
      chrome(
        "Prices",
        `<main><h1>Prices</h1><h2>Bread</h2><p>Sourdough loaf: $${edition === 1 ? 8 : 9}.</p><p>Baguette: $4.</p><h2>Cakes</h2><p>Wedding cakes from $${edition === 1 ? 350 : 375}.</p></main>`,
      ),
  },
  "/hours": { delayMs: 300, body: chrome("Hours", `<main><h1>Opening hours</h1><p>Tuesday to Sunday, 7 am to 3 pm. Closed on Mondays.</p></main>`) },
  "/private/staff": { body: chrome("Staff", `<main><h1>Staff rota</h1><p>Not for the public.</p></main>`) },
  "/private/open-house": {
    body: chrome("Open house", `<main><h1>Open house</h1><p>Visit the kitchen on the first Saturday of each month at 10 am.</p></main>`),
  },
  "/menu": { headers: { "content-type": "application/pdf" }, body: "%PDF-1.4 not a page" },
  "/old-specials": { status: 301, headers: { location: "/specials" } },
  "/catalogue": { body: chrome("Catalogue", `<main><h1>Catalogue</h1><p>${"Rye bread. ".repeat(250_000)}</p></main>`) },
  "/slow": { delayMs: 3_000, body: chrome("Slow", `<main><h1>Slow page</h1><p>Took its time.</p></main>`) },
};

/** Linked from its address only (no sitemap, no robots.txt): 3 pages and a catalog of 60 items, beyond the 50 an import takes. */
export const LINKED_SITE: WebsitePages = {
  "/": {
    body: `<!doctype html><html><head><title>Hilltop Hardware</title></head><body>
<nav><a href="/about-us">About us</a> <a href="/contact">Contact</a> <a href="/catalog">Catalog</a> <a href="https://facebook.com/hilltop">Facebook</a>
<a href="mailto:shop@hilltop.example">E-mail</a> <a href="/logo.png">Logo</a> <a href="#top">Top</a> <a href="/contact#form">Write to us</a></nav>
<main><h1>Hilltop Hardware</h1><p>Tools, paint and keys cut while you wait.</p></main></body></html>`,
  },
  "/about-us": { body: `<html><head><title>About us</title></head><body><main><h1>About us</h1><p>Family owned since 1972.</p></main></body></html>` },
  "/contact": { body: `<html><head><title>Contact</title></head><body><main><h1>Contact</h1><p>Call us at the shop, 8 am to 6 pm.</p></main></body></html>` },
  "/catalog": {
    body: `<html><head><title>Catalog</title></head><body><main><h1>Catalog</h1><ul>${Array.from({ length: 60 }, (_, index) => `<li><a href="/catalog/item-${index + 1}">Item ${index + 1}</a></li>`).join("")}</ul></main></body></html>`,
  },
  ...Object.fromEntries(
    Array.from({ length: 60 }, (_, index) => [
      `/catalog/item-${index + 1}`,
      {
        body: `<html><head><title>Item ${index + 1}</title></head><body><main><h1>Item ${index + 1}</h1><p>Hammer number ${index + 1}, in stock.</p></main></body></html>`,
      },
    ]),
  ),
};

/** A site whose address answers with a redirect to its real one. */
export const MOVED_SITE: WebsitePages = {
  "/": { status: 301, headers: { location: "https://www.moved-bakery.example/" } },
};
