export const AUDITED_PAGES = ["/", "/live", "/pricing", "/webrtc-demo"] as const;

export type Severity = "error" | "warning";

export interface Finding {
  page: string;
  type: "Empty link" | "Broken anchor" | "Image" | "Page";
  element: string;
  details: string;
  severity: Severity;
}

/** A short description of an element for the table: its tag and what identifies it. */
function describe(element: Element): string {
  const text = element.textContent?.trim().replace(/\s+/g, " ").slice(0, 40);
  const label = element.getAttribute("aria-label") ?? element.getAttribute("alt");
  const src = element.getAttribute("src");
  return `<${element.tagName.toLowerCase()}>${label ? ` "${label}"` : text ? ` "${text}"` : src ? ` ${src}` : ""}`;
}

/**
 * What one page's HTML gets wrong: links with no destination, in-page anchors to ids that do not exist, and the local
 * images to check (returned for the caller to fetch).
 */
export function auditHtml(page: string, html: string): { findings: Finding[]; images: { src: string; element: string }[] } {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const findings: Finding[] = [];
  for (const link of doc.querySelectorAll("a")) {
    const href = link.getAttribute("href");
    if (href === null || href.trim() === "") {
      findings.push({ page, type: "Empty link", element: describe(link), details: "The link has no href", severity: "error" });
      continue;
    }
    if (href.trim() === "#") {
      findings.push({ page, type: "Empty link", element: describe(link), details: 'The link goes to "#" (nowhere)', severity: "warning" });
      continue;
    }
    const url = new URL(href, new URL(page, location.origin));
    const samePage = url.origin === location.origin && url.pathname.replace(/\/$/, "") === page.replace(/\/$/, "");
    if (url.hash.length > 1 && samePage) {
      const id = decodeURIComponent(url.hash.slice(1));
      if (!doc.getElementById(id) && doc.getElementsByName(id).length === 0)
        findings.push({ page, type: "Broken anchor", element: describe(link), details: `Target #${id} does not exist`, severity: "error" });
    }
  }
  const images = [...doc.querySelectorAll("img[src]")]
    .map((image) => ({ src: new URL(image.getAttribute("src") ?? "", new URL(page, location.origin)).href, element: describe(image) }))
    .filter((image) => new URL(image.src).origin === location.origin);
  return { findings, images };
}

/** Audits every page in turn; `onPage` is told after each, with the findings so far. */
export async function runLinkAudit(onPage: (scanned: number, findings: Finding[]) => void): Promise<Finding[]> {
  const findings: Finding[] = [];
  const checked = new Map<string, boolean>();
  let scanned = 0;
  for (const page of AUDITED_PAGES) {
    const response = await fetch(page, { redirect: "follow", headers: { accept: "text/html" } }).catch(() => null);
    if (!response?.ok) {
      findings.push({ page, type: "Page", element: page, details: `Failed to load page${response ? ` (status ${response.status})` : ""}`, severity: "error" });
    } else {
      const audit = auditHtml(new URL(response.url).pathname, await response.text());
      findings.push(...audit.findings.map((finding) => ({ ...finding, page })));
      for (const image of audit.images) {
        if (!checked.has(image.src))
          checked.set(
            image.src,
            await fetch(image.src, { method: "HEAD" })
              .then((head) => head.ok)
              .catch(() => false),
          );
        if (!checked.get(image.src)) findings.push({ page, type: "Image", element: image.element, details: "Failed to fetch asset", severity: "error" });
      }
    }
    onPage(++scanned, [...findings]);
  }
  return findings;
}
