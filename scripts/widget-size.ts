/**
 * `npm run size`: builds the widgets and prints their gzip sizes as one line:
 *   widgets-size: loader=B chat=B test-call=B voice-demo=B all=B
 * A widget's figure counts its own chunk, every chunk it imports statically (the shared Preact runtime) and its
 * CSS (bundled into the chunk); `all` is every file a page showing all three downloads (the loader, its boot chunk,
 * the widgets and their shared chunks). Over budget → exit 1.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { WIDGET_NAMES } from "@nikki/core/widget-config";
import { type BuiltChunk, OUT_DIR, buildWidgets } from "../widgets/build";

const BUDGET = { loader: 1_024, widget: 20_480, all: 25_600 };
const WIDGETS = WIDGET_NAMES;

const built = await buildWidgets();
const gzipped = (fileName: string) => gzipSync(readFileSync(`${OUT_DIR}/${fileName}`), { level: 9 }).length;
const byName = new Map(built.widgets.map((chunk) => [chunk.fileName, chunk]));

function withStaticImports(chunk: BuiltChunk, seen = new Set<string>()): Set<string> {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const dependency of chunk.imports) {
    const imported = byName.get(dependency);
    if (imported) withStaticImports(imported, seen);
  }
  return seen;
}

const sum = (fileNames: Iterable<string>) => [...fileNames].reduce((total, fileName) => total + gzipped(fileName), 0);

const sizes: Record<string, number> = { loader: sum(built.loader.map((chunk) => chunk.fileName)) };
for (const name of WIDGETS) sizes[name] = sum(withStaticImports(byName.get(`${name}.js`)!));
sizes.all = sizes.loader! + sum(byName.keys());

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
