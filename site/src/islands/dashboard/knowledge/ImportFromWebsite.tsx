import { type ImportDiscoveryResource, type KnowledgeImportResource, IMPORT_LIMITS, canManage, importOutcome, siteAddress, plural } from "@nikki/core";
import { type FormEvent, useEffect, useState } from "react";
import { api, call } from "../../../lib/client";
import { useMe } from "../../../lib/me";
import { toast } from "../../../lib/toast";
import { usePoll } from "../../../lib/use-poll";
import ImportProgress from "./ImportProgress";
import PagePicker from "./PagePicker";
import { knowledgeChanged } from "../../../lib/knowledge-changed";
import "./import-from-website.css";

const POLL_MS = 1_000;
const isActive = (run: KnowledgeImportResource | null) => run?.status === "queued" || run?.status === "running";
const PANEL_ID = "import-website";

/**
 * The "Import from website" button at the top of Knowledge: brings this panel (below every entry) into view and puts
 * the focus in its address field, or on the panel while an import runs and the field is disabled.
 */
export function openImportFromWebsite() {
  const panel = document.getElementById(PANEL_ID);
  if (!panel) return;
  panel.scrollIntoView({ block: "start" });
  const field = panel.querySelector<HTMLInputElement>("#import-url");
  (field && !field.disabled ? field : panel).focus({ preventScroll: true });
}

/**
 * Import from the website (issue 39 §2): the owner gives the site's address, looks at the pages found, picks which
 * to import (all at once, or some), and follows the import live ("12 of 31 pages") to its end: what it changed
 * and every page that failed with why. The latest import shows again when the page is opened.
 */
export default function ImportFromWebsite() {
  const canImport = canManage(useMe()?.role);
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [discovery, setDiscovery] = useState<ImportDiscoveryResource | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [run, setRun] = useState<KnowledgeImportResource | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    void call(api.knowledge.imports.$get).then((result) => {
      if (result.ok && result.data.imports[0]) setRun(result.data.imports[0]);
    });
  }, []);

  const running = isActive(run);
  // The import followed live ("12 of 31 pages") until it ends, then what it did is said once.
  const following = running ? (run?.id ?? null) : null;
  usePoll(following, {
    read: () => call(api.knowledge.imports[":id"].$get, { param: { id: following ?? "" } }),
    intervalMs: POLL_MS,
    onAnswer: ({ import: polled }) => {
      setRun(polled);
      if (isActive(polled)) return;
      if (polled.status === "done") {
        toast({ title: "Import finished", description: polled.error ? `${importOutcome(polled)} ${polled.error}` : importOutcome(polled) });
        knowledgeChanged();
      } else toast({ variant: "destructive", title: "The import failed", description: polled.error ?? undefined });
    },
    until: ({ import: polled }) => !isActive(polled),
  });

  async function look(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setLooking(true);
    const result = await call(api.knowledge.import.discover.$post, undefined, { url: siteAddress(address) });
    setLooking(false);
    if (!result.ok) {
      setDiscovery(null);
      setError(result.error?.fields?.url ?? result.error?.message ?? "We could not look at that address. Please try again.");
      return;
    }
    setDiscovery(result.data.discovery);
    setAddress(result.data.discovery.url);
    setPicked(new Set(result.data.discovery.pages));
  }

  async function start() {
    if (!discovery) return;
    setStarting(true);
    const result = await call(api.knowledge.import.$post, undefined, { url: discovery.url, pages: [...picked] });
    setStarting(false);
    if (!result.ok) {
      toast({ variant: "destructive", title: "The import did not start", description: result.error?.fields?.pages ?? result.error?.message });
      return;
    }
    setRun(result.data.import);
    setDiscovery(null);
  }

  return (
    <section id={PANEL_ID} tabIndex={-1} className="card panel import-website" aria-labelledby="import-website-title">
      <div className="panel-head">
        <div>
          <h2 id="import-website-title">Import from your website</h2>
          <p>
            Your receptionist learns what your pages say. Give your site's address, pick the pages, and each becomes sections you can edit. Up to{" "}
            {IMPORT_LIMITS.pages} pages; pages robots.txt keeps out are left alone.
          </p>
        </div>
      </div>
      {canImport ? (
        <form className="import-address" noValidate onSubmit={look}>
          <label htmlFor="import-url">Your website's address</label>
          <div className="import-address-row">
            <input
              id="import-url"
              type="url"
              inputMode="url"
              placeholder="https://www.example.com"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "import-url-error" : undefined}
              disabled={looking || running}
            />
            <button type="submit" className="btn btn-secondary" disabled={looking || running || address.trim() === ""}>
              {looking ? "Looking…" : "Find pages"}
            </button>
          </div>
          {error && (
            <p className="field-error" id="import-url-error">
              {error}
            </p>
          )}
        </form>
      ) : (
        <p className="field-hint">Only owners and admins can import a website.</p>
      )}
      {discovery && (
        <>
          <PagePicker discovery={discovery} picked={picked} onChange={setPicked} disabled={starting} />
          <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={starting || picked.size === 0}>
            {starting ? "Starting…" : `Import ${plural(picked.size, "page")}`}
          </button>
        </>
      )}
      {run && <ImportProgress run={run} />}
    </section>
  );
}
