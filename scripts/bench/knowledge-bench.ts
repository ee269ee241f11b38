/**
 * bench:knowledge's parts: the site folder served on loopback, its import into sections, filler sections up to the
 * index size the target names, and the questions file.
 *
 * importSite() fetches every .html file of the folder from the loopback server and cuts it into sections with the
 * website importer's own extraction (worker/src/website-reader/extract.ts), so the bench looks up what an import stores.
 */
import { readFileSync, readdirSync } from "node:fs";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, relative, sep } from "node:path";
import { extractPage } from "../../worker/src/website-reader/extract";

/** One imported section, as a knowledge entry stores it. */
export interface SiteSection {
  title: string;
  body: string;
  sourceUrl: string;
  /** The page's title, as the importer stores it (null for filler). */
  pageTitle: string | null;
}

/** One line of the questions file: the question and the page (relative to the site folder) that answers it. */
export interface BenchQuestion {
  question: string;
  answer_path: string;
}

/** The folder's files over HTTP on 127.0.0.1 (a free port), as a business's site would serve them. */
export async function serveFolder(dir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const root = normalize(dir);
  const server: Server = createServer((request, response) => {
    const path = normalize(join(root, decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)));
    const file = path.endsWith(sep) || path === root ? join(path, "index.html") : path;
    if (!file.startsWith(root)) return void response.writeHead(403).end();
    try {
      const body = readFileSync(file);
      response.writeHead(200, { "content-type": extname(file) === ".html" ? "text/html; charset=utf-8" : "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The folder's pages, as paths relative to it with forward slashes ("blog/tips.html"). */
export function pagePaths(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".html") || path.endsWith(".htm"))
    .map((path) => relative(dir, join(dir, path)).split(sep).join("/"))
    .sort();
}

/** Every page of the folder fetched from `origin` and cut into sections as the importer cuts it. */
export async function importSite(origin: string, dir: string): Promise<SiteSection[]> {
  const sections: SiteSection[] = [];
  for (const path of pagePaths(dir)) {
    const url = `${origin}/${path}`;
    const response = await fetch(url, { redirect: "manual" });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const page = await extractPage(await response.text(), path);
    sections.push(...page.sections.map((section) => ({ ...section, sourceUrl: url, pageTitle: page.title })));
  }
  return sections;
}

/** Common words of a small business's other pages (news, jobs, tips), some shared with the real questions' pages. */
const COMMON_WORDS = (
  "team story community news photo award local family year season garden home kitchen window floor room office " +
  "service customer review thank volunteer event charity school park city morning week month weekend holiday summer " +
  "winter spring autumn recipe tip guide project partner product supply quality care clean fresh green energy water " +
  "light paint wood stone metal glass color style modern classic simple quick easy friendly helpful trusted proud " +
  "celebrate welcome announce launch share learn grow build plan visit open join support help"
).split(" ");
const SYLLABLES = "ba be bi bo ka ke ko la le li lo ma me mi mo na ne no ra re ri ro sa se so ta te ti to va ve vo za".split(" ");

/**
 * `count` sections of filler (deterministic), none from the site's pages: mostly words of a large made-up vocabulary
 * (as a big site's many topics are), one in ten a common word, so common words stay as common as on a real site.
 */
export function fillerSections(count: number, origin: string): SiteSection[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  const madeUp = () => Array.from({ length: 2 + (next() % 2) }, () => SYLLABLES[next() % SYLLABLES.length]).join("");
  const word = () => (next() % 10 === 0 ? COMMON_WORDS[next() % COMMON_WORDS.length]! : madeUp());
  return Array.from({ length: count }, (_, index) => ({
    title: `${word()} ${word()} ${word()}`,
    body: Array.from({ length: 60 + (next() % 80) }, word).join(" "),
    sourceUrl: `${origin}/filler/${index}.html`,
    pageTitle: null,
  }));
}

/** The questions file: JSON lines of {"question", "answer_path"}. */
export function readQuestions(file: string): BenchQuestion[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line, index) => {
      const parsed = JSON.parse(line) as Partial<BenchQuestion>;
      if (typeof parsed.question !== "string" || typeof parsed.answer_path !== "string")
        throw new Error(`${file} line ${index + 1}: expected {"question", "answer_path"}`);
      return { question: parsed.question, answer_path: parsed.answer_path.replace(/^\.?\//, "") };
    });
}
