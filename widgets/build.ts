/**
 * Builds the widgets into `site/public/widget/v1/` (served by the worker's static assets):
 * - `loader.js`, a classic script (the pasted tag is not a module), no framework;
 * - `chat.js`, `test-call.js`, `voice-demo.js`, ES modules sharing one Preact runtime chunk.
 * Source is written against the React API; `react` resolves to `preact/compat` here (DESIGN.md: ~10 KB instead of ~69 KB).
 */
import { mkdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type BuildOptions, type Metafile, type Plugin, build, transform } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const OUT_DIR = `${ROOT}site/public/widget/v1`;

/** CSS is imported as minified text: each widget adopts it into its shadow root as a constructable stylesheet. */
const cssAsText: Plugin = {
  name: "css-as-text",
  setup(build) {
    build.onLoad({ filter: /\.css$/ }, async ({ path }) => {
      const { readFile } = await import("node:fs/promises");
      const { code } = await transform(await readFile(path, "utf8"), { loader: "css", minify: true, target: "chrome111" });
      return { contents: code.trim(), loader: "text" };
    });
  },
};

const shared: BuildOptions = {
  bundle: true,
  minify: true,
  target: ["chrome111", "safari16.4", "firefox115"],
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
  jsx: "automatic",
  jsxImportSource: "preact",
  alias: { react: "preact/compat", "react-dom": "preact/compat" },
  plugins: [cssAsText],
  metafile: true,
  logLevel: "warning",
};

export async function buildWidgets(outdir = OUT_DIR): Promise<Metafile[]> {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const loader = await build({ ...shared, entryPoints: { loader: `${ROOT}widgets/src/loader.ts` }, format: "iife", outdir });
  const widgets = await build({
    ...shared,
    entryPoints: {
      chat: `${ROOT}widgets/src/chat/index.tsx`,
      "test-call": `${ROOT}widgets/src/test-call/index.tsx`,
      "voice-demo": `${ROOT}widgets/src/voice-demo/index.tsx`,
    },
    format: "esm",
    splitting: true,
    chunkNames: "shared-[hash]",
    outdir,
  });
  return [loader.metafile!, widgets.metafile!];
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWidgets();
