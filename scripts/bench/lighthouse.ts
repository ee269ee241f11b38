/** Lighthouse on Debian's Chromium (CHROME_PATH to override), for the site and widget benchmarks. */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseRun {
  scores: Record<"performance" | "accessibility" | "seo" | "best-practices", number>;
  /** The performance metrics (ms, CLS unitless), as Lighthouse's simulated mobile load estimates them. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Every request of the load, with what went over the wire. */
  requests: { url: string; transferSize: number; resourceType: string }[];
  /** The whole Lighthouse result, for a closer look (`bench:site` writes it out on request). */
  report: unknown;
}

export async function startChrome() {
  return launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
}

/** One Lighthouse run (mobile preset, simulated throttling) of `url` in the Chrome listening on `port`. */
export async function audit(url: string, port: number, categories: (keyof LighthouseRun["scores"])[]): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, onlyCategories: categories, logLevel: "error", output: "json" });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories: scored, audits } = result.lhr;
  const score = (name: string) => Math.round((scored[name]?.score ?? 0) * 100);
  const metric = (name: string) => audits[name]?.numericValue ?? 0;
  return {
    scores: { performance: score("performance"), accessibility: score("accessibility"), seo: score("seo"), "best-practices": score("best-practices") },
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    si: metric("speed-index"),
    requests: ((audits["network-requests"]?.details as { items?: LighthouseRun["requests"] } | undefined)?.items ?? []).map((item) => ({
      url: item.url,
      transferSize: item.transferSize,
      resourceType: item.resourceType,
    })),
    report: result.lhr,
  };
}
