import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { contentSecurityPolicy, inlineScripts } from "@nikki/core/csp";
import type { AstroIntegration } from "astro";

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(".html")).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * After the build, hashes every inline script of every page and adds the Content-Security-Policy to `_headers`
 * for all paths (the dashboard's pages too: the worker serves them through the assets binding, which applies
 * `_headers`). One policy for the whole site: the pages share the same few scripts, and a 404 page can be any path.
 */
export function cspHeaders(): AstroIntegration {
  return {
    name: "nikki-csp-headers",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const hashes = new Set<string>();
        for (const file of await htmlFiles(root)) {
          for (const script of inlineScripts(await readFile(file, "utf8"))) hashes.add(`sha256-${createHash("sha256").update(script).digest("base64")}`);
        }
        const sorted = [...hashes].sort();
        // Into the existing `/*` rule: a second rule for the same path would replace the first one's headers.
        const headersFile = join(root, "_headers");
        const rules = await readFile(headersFile, "utf8");
        if (!/^\/\*$/m.test(rules)) throw new Error("site/public/_headers has no /* rule to add the Content-Security-Policy to");
        await writeFile(headersFile, rules.replace(/^\/\*$/m, `/*\n  Content-Security-Policy: ${contentSecurityPolicy(sorted)}`));
        logger.info(`Content-Security-Policy with ${sorted.length} script hashes written to _headers`);
      },
    },
  };
}
