/**
 * Builds the widgets with vite into `site/public/widget/v1/` (served by the worker's static assets):
 * - `loader.js`, a classic script (the pasted tag is not a module): an IIFE library build, no framework;
 * - `boot.js`, the loader's first lazy chunk (launchers, the command API), a module with no framework either;
 * - `chat.js`, `test-call.js`, `voice-demo.js`: one ES library build with three entries, so they share one Preact
 *   runtime chunk (`shared-[hash].js`).
 * Source is written against the React API; `react` resolves to `preact/compat` here (DESIGN.md: ~10 KB instead of
 * ~69 KB). CSS comes in through `?inline` imports, minified text each widget adopts into its own shadow root.
 */
import { fileURLToPath } from "node:url";
import { type InlineConfig, type Rollup, build } from "vite";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const OUT_DIR = `${ROOT}site/public/widget/v1`;

/** One emitted JavaScript file and the files it imports statically (what a page downloads with it). */
export interface BuiltChunk {
  fileName: string;
  imports: string[];
}

const TARGETS = ["chrome111", "safari16.4", "firefox115"];

function config(outDir: string, emptyOutDir: boolean, lib: NonNullable<InlineConfig["build"]>["lib"]): InlineConfig {
  return {
    configFile: false,
    root: `${ROOT}widgets`,
    logLevel: "warn",
    // The widgets run on other people's pages: nothing of the dev server's environment may leak into them.
    define: { "process.env.NODE_ENV": '"production"' },
    resolve: { alias: { react: "preact/compat", "react-dom": "preact/compat" } },
    oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
    build: {
      outDir,
      emptyOutDir,
      target: TARGETS,
      minify: true,
      cssMinify: true,
      sourcemap: false,
      reportCompressedSize: false,
      // The loader fetches its chunks itself, with the tag's nonce: no preload helper and no polyfill.
      modulePreload: false,
      lib,
      // Library builds keep ES output unminified for the libraries that re-bundle them; these files ship as they are,
      // so without comments either (the JSX runtime's /* @__PURE__ */ marks were about 1 % of the widgets' bytes).
      rolldownOptions: { output: { chunkFileNames: "shared-[hash].js", entryFileNames: "[name].js", minify: true, comments: false } },
    },
  };
}

function chunksOf(output: Awaited<ReturnType<typeof build>>): BuiltChunk[] {
  const results = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  return results.flatMap((result) => result.output.flatMap((item) => (item.type === "chunk" ? [{ fileName: item.fileName, imports: item.imports }] : [])));
}

export async function buildWidgets(outDir = OUT_DIR): Promise<{ loader: BuiltChunk[]; widgets: BuiltChunk[] }> {
  const loader = await build(
    config(outDir, true, { entry: `${ROOT}widgets/src/loader.ts`, formats: ["iife"], name: "NikkiLoader", fileName: () => "loader.js" }),
  );
  const widgets = await build(
    config(outDir, false, {
      entry: {
        boot: `${ROOT}widgets/src/boot.ts`,
        chat: `${ROOT}widgets/src/chat/index.tsx`,
        "test-call": `${ROOT}widgets/src/test-call/index.tsx`,
        "voice-demo": `${ROOT}widgets/src/voice-demo/index.tsx`,
      },
      formats: ["es"],
    }),
  );
  return { loader: chunksOf(loader), widgets: chunksOf(widgets) };
}

if (import.meta.url === `file://${process.argv[1]}`) await buildWidgets();
