/**
 * robots.txt as RFC 9309 reads it: the groups naming our product token (`NikkiAI`) apply if there are any, else those
 * of `*`; within them the longest matching rule wins, Allow over Disallow at equal length; `*` and a final `$` in
 * paths, matched in linear time (no regular expression). Also the sitemaps it names. A robots.txt of 512 KB may hold
 * tens of thousands of rules, each matched against every path asked: reading it and matching a path are done a few
 * thousand lines or rules at a time, yielding between them (cooperative.ts).
 */
import { yieldToOtherRequests } from "../call/cooperative";

interface Rule {
  allow: boolean;
  pattern: string;
}

export interface Robots {
  /** Whether a path (with its query) may be fetched. */
  allows(pathAndQuery: string): Promise<boolean>;
  sitemaps: string[];
}

/** Every path allowed: no robots.txt (a 4xx, as RFC 9309 says). */
export const ALLOW_ALL: Robots = { allows: async () => true, sitemaps: [] };

/** Lines read, and rules matched, between two yields: a millisecond or two of the worst of either (2 KB paths). */
const LINES_PER_YIELD = 4_096;
const RULES_PER_YIELD = 2_048;

/**
 * A path pattern as its literal pieces between `*`s, for matching without a regular expression: a backtracking
 * `.*` per star took seconds on a 32-character path for a pattern of a dozen stars, which a site may write.
 */
interface PathPattern {
  pieces: string[];
  /** Ended by `$`: the last piece must end the path. */
  anchored: boolean;
}

function compiled(pattern: string): PathPattern {
  const anchored = pattern.endsWith("$");
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split("*");
  // Empty pieces (stars side by side) say nothing but "anything"; the first and last keep their place.
  return { anchored, pieces: pieces.filter((piece, index) => piece || index === 0 || index === pieces.length - 1) };
}

/**
 * Whether `path` matches: the first piece starts it, each later one is found leftmost after the one before (the
 * earliest place leaves the most room for the rest, so no other choice can succeed where it fails), and an anchored
 * last piece ends it. Each piece is looked for once: linear in the path per piece.
 */
function matchesPath(pattern: PathPattern, path: string): boolean {
  const { pieces, anchored } = pattern;
  const first = pieces[0]!;
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return !anchored || path.length === first.length;
  let at = first.length;
  for (let index = 1; index < pieces.length - 1; index++) {
    const piece = pieces[index]!;
    const found = path.indexOf(piece, at);
    if (found === -1) return false;
    at = found + piece.length;
  }
  const last = pieces.at(-1)!;
  return anchored ? path.length - last.length >= at && path.endsWith(last) : path.indexOf(last, at) !== -1;
}

/** Percent-encodings in one form, so `/caf%C3%A9` and `/café` match alike. */
function normalizedPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export async function parseRobots(text: string, productToken: string): Promise<Robots> {
  const groups: { agents: string[]; rules: Rule[] }[] = [];
  const sitemaps: string[] = [];
  let lastWasAgent = false;
  for (const [index, raw] of text.split(/\r\n|\r|\n/).entries()) {
    if (index > 0 && index % LINES_PER_YIELD === 0) await yieldToOtherRequests();
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
  const matchers = rules.map((rule) => ({ ...rule, path: compiled(rule.pattern) }));
  return {
    sitemaps,
    async allows(pathAndQuery) {
      const path = normalizedPath(pathAndQuery);
      if (path === "/robots.txt") return true;
      let best: { allow: boolean; length: number } | null = null;
      for (const [index, rule] of matchers.entries()) {
        if (index > 0 && index % RULES_PER_YIELD === 0) await yieldToOtherRequests();
        if (!matchesPath(rule.path, path)) continue;
        const length = rule.pattern.length;
        if (!best || length > best.length || (length === best.length && rule.allow)) best = { allow: rule.allow, length };
      }
      return best?.allow ?? true;
    },
  };
}
