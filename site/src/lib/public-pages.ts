/** The public pages that search engines may index, for /sitemap.xml (and the link audit of the tests). */
export const INDEXED_PAGES = [
  "/",
  "/pricing",
  "/demos",
  "/webrtc-demo",
  "/solutions/ai-receptionist",
  "/solutions/after-hours",
  "/solutions/bilingual",
  "/security",
  "/contact",
  "/blog",
  "/live",
] as const;
