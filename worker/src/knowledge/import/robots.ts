/**
 * robots.txt as RFC 9309 reads it: the groups naming our product token (`NikkiAI`) apply if there are any, else those
 * of `*`; within them the longest matching rule wins, Allow over Disallow at equal length; `*` and a final `$` in
 * paths. Also the sitemaps it names.
 */

interface Rule {
  allow: boolean;
  pattern: string;
}

export interface Robots {
  /** Whether a path (with its query) may be fetched. */
  allows(pathAndQuery: string): boolean;
  sitemaps: string[];
}

/** Every path allowed: no robots.txt (a 4xx, as RFC 9309 says). */
export const ALLOW_ALL: Robots = { allows: () => true, sitemaps: [] };

function matcher(pattern: string): RegExp {
  const anchored = pattern.endsWith("$");
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split("*")
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}${anchored ? "$" : ""}`);
}

/** Percent-encodings in one form, so `/caf%C3%A9` and `/café` match alike. */
function normalizedPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export function parseRobots(text: string, productToken: string): Robots {
  const groups: { agents: string[]; rules: Rule[] }[] = [];
  const sitemaps: string[] = [];
  let lastWasAgent = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, "").trim();
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "sitemap") {
      if (value) sitemaps.push(value);
      continue;
    }
    if (key === "user-agent") {
      if (!lastWasAgent) groups.push({ agents: [], rules: [] });
      groups.at(-1)!.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    const group = groups.at(-1);
    if (!group || (key !== "allow" && key !== "disallow")) continue;
    // An empty Disallow allows everything: no rule.
    if (value) group.rules.push({ allow: key === "allow", pattern: normalizedPath(value) });
  }
  const token = productToken.toLowerCase();
  const ours = groups.filter((group) => group.agents.includes(token));
  const rules = (ours.length > 0 ? ours : groups.filter((group) => group.agents.includes("*"))).flatMap((group) => group.rules);
  const compiled = rules.map((rule) => ({ ...rule, regex: matcher(rule.pattern) }));
  return {
    sitemaps,
    allows(pathAndQuery) {
      const path = normalizedPath(pathAndQuery);
      if (path === "/robots.txt") return true;
      let best: { allow: boolean; length: number } | null = null;
      for (const rule of compiled) {
        if (!rule.regex.test(path)) continue;
        const length = rule.pattern.length;
        if (!best || length > best.length || (length === best.length && rule.allow)) best = { allow: rule.allow, length };
      }
      return best?.allow ?? true;
    },
  };
}
