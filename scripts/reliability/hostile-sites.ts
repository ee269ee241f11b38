/**
 * Item 21's websites: every hostile document of simulators/hostile-pages.ts on a site of its own, on loopback, where
 * the website import meets it. A hostile page is a site's home page (read for links by discovery, then imported); a
 * hostile sitemap is a site's /sitemap.xml beside a plain home page; a hostile robots.txt is a site's, whose home page
 * links to the paths matched against it; and hostileSite() as it is.
 */
import { type RunningWebsite, type WebsitePages, startBusinessWebsite } from "@nikki/simulators/business-website";
import { HOSTILE_PAGE_BYTES, hostilePages, hostileRobots, hostileSite, hostileSitemaps } from "@nikki/simulators/hostile-pages";
import { freePort } from "@nikki/dev/free-port";

export interface HostileSite {
  name: string;
  /** The hostile documents it serves. */
  documents: number;
  pages: WebsitePages;
}

/** Room left under the import's 2 MB for what a page wraps its filling in, so each page is read whole. */
const BYTES = HOSTILE_PAGE_BYTES - 16 * 1024;
const PLAIN_HOME = "<main><h1>Welcome</h1><p>Plumbing, heating and drains.</p><a href='/services'>Services</a></main>";
const XML = { "content-type": "application/xml" };

export function hostileSites(): HostileSite[] {
  return [
    ...hostilePages(BYTES).map((page) => ({ name: `page: ${page.name}`, documents: 1, pages: { "/": { body: page.text } } })),
    ...hostileSitemaps(BYTES).map((sitemap) => ({
      name: `sitemap: ${sitemap.name}`,
      documents: 1,
      pages: { "/": { body: PLAIN_HOME }, "/sitemap.xml": { headers: XML, body: sitemap.text } },
    })),
    ...hostileRobots().map((robots) => ({
      name: `robots.txt: ${robots.name}`,
      documents: 1,
      pages: {
        "/robots.txt": { headers: { "content-type": "text/plain" }, body: robots.robots },
        "/": { body: `<main><h1>Welcome</h1>${robots.paths.map((path) => `<a href="${path}">more</a>`).join("")}</main>` },
        ...Object.fromEntries(robots.paths.filter((path) => path !== "/").map((path) => [path, { body: "<main><h2>More</h2><p>Text.</p></main>" }])),
      },
    })),
    { name: "hostileSite()", documents: Object.keys(hostileSite()).length, pages: hostileSite() },
  ];
}

/** Each site served on a free loopback port, in order. */
export async function serveSites(sites: HostileSite[]): Promise<{ origins: string[]; close(): Promise<void> }> {
  const running: RunningWebsite[] = [];
  for (const site of sites) running.push(await startBusinessWebsite(await freePort(), site.pages));
  return { origins: running.map((site) => site.origin), close: async () => void (await Promise.all(running.map((site) => site.close()))) };
}
