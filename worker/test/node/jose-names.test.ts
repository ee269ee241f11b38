import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/** A JOSE error's name, read from a bundle minified as the control worker is (wrangler.toml: keep_names off). */
async function nameInMinifiedBundle(entry: string): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: `${root}/worker/src/auth`, loader: "ts" },
    bundle: true,
    minify: true,
    keepNames: false,
    format: "esm",
    platform: "neutral",
    write: false,
  });
  const code = result.outputFiles[0]!.text;
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as { name: string };
  return module.name;
}

describe("JOSE's error names in the minified worker", () => {
  it("are the classes' own names once jose-names.ts has run, as better-auth's token checks compare them", async () => {
    const entry = (withFix: boolean) =>
      `${withFix ? 'import "./jose-names";\n' : ""}import { JWSInvalid } from "jose/errors";\nexport const name = new JWSInvalid("bad").name;`;
    expect(await nameInMinifiedBundle(entry(true))).toBe("JWSInvalid");
    // Without it, minifying renames the class and the name with it.
    expect(await nameInMinifiedBundle(entry(false))).not.toBe("JWSInvalid");
  });
});
