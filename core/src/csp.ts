/**
 * The Content-Security-Policy of every HTML page (issue 17, finding 8). Scripts run only from this origin or when
 * their exact text is hashed here; the site's inline scripts (Astro's island loader, the page scripts) are hashed
 * at build time. Everything the pages fetch, including the voice demo's SDP offer (relayed by
 * POST /api/realtime/calls), goes to this origin. Styles stay 'unsafe-inline': React sets style attributes, and
 * styles cannot run code.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["media-src", "'self'", "blob:"],
    ["connect-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi;
/** Script types the browser does not run (data blocks need no hash). */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

/** The text of each inline script that runs in this HTML, in order, without repeats (the build hashes each one). */
export function inlineScripts(html: string): string[] {
  const scripts = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    scripts.add(body);
  }
  return [...scripts];
}
