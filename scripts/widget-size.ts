/**
 * `npm run size`: builds the widgets and prints their gzip sizes as one line:
 *   widgets-size: loader=B chat=B test-call=B voice-demo=B all=B
 * A widget's figure counts its own chunk, every chunk it imports statically (the shared Preact runtime) and its
 * CSS (bundled into the chunk); `all` is every file a page showing all three downloads. Over budget → exit 1.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Metafile } from "esbuild";
import { WIDGET_NAMES } from "@nikki/core/widget-config";
import { buildWidgets } from "../widgets/build";

const BUDGET = { loader: 1_536, widget: 20_480, all: 35_840 };
const WIDGETS = WIDGET_NAMES;

const [loaderMeta, widgetsMeta] = (await buildWidgets()) as [Metafile, Metafile];
const gzipped = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

function withStaticImports(path: string, seen = new Set<string>()): Set<string> {
  if (seen.has(path)) return seen;
  seen.add(path);
  for (const dependency of widgetsMeta.outputs[path]?.imports ?? []) {
    if (dependency.kind === "import-statement") withStaticImports(dependency.path, seen);
  }
  return seen;
}

const jsOutputs = (meta: Metafile) => Object.keys(meta.outputs).filter((path) => path.endsWith(".js"));
const entryOf = (name: string) => jsOutputs(widgetsMeta).find((path) => path.endsWith(`/${name}.js`))!;
const sum = (paths: Iterable<string>) => [...paths].reduce((total, path) => total + gzipped(path), 0);

const sizes: Record<string, number> = { loader: sum(jsOutputs(loaderMeta)) };
for (const name of WIDGETS) sizes[name] = sum(withStaticImports(entryOf(name)));
sizes.all = sizes.loader! + sum(jsOutputs(widgetsMeta));

const over = [
  ...(sizes.loader! > BUDGET.loader ? [`loader ${sizes.loader} > ${BUDGET.loader}`] : []),
  ...WIDGETS.filter((name) => sizes[name]! > BUDGET.widget).map((name) => `${name} ${sizes[name]} > ${BUDGET.widget}`),
  ...(sizes.all! > BUDGET.all ? [`all ${sizes.all} > ${BUDGET.all}`] : []),
];
if (over.length > 0) console.error(`Widget bundles over budget (gzip bytes): ${over.join(", ")}`);
console.log(
  `widgets-size: ${Object.entries(sizes)
    .map(([name, bytes]) => `${name}=${bytes}`)
    .join(" ")}`,
);
process.exitCode = over.length > 0 ? 1 : 0;
