import type { APIRoute } from "astro";

/** Everything public may be crawled; the dashboard and the API are not for search engines. */
export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: ${new URL("/sitemap.xml", site).href}\n`, {
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
