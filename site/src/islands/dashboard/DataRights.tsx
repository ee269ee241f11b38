import { CLOSE_MESSAGES, type CloseReport } from "@nikki/core";
import { type FormEvent, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { type Me, loadMe } from "../../lib/me";
import { toast } from "../../lib/toast";
import { useSubmit } from "../../lib/use-submit";
import { TextField } from "../FormField";
import { ModalHeader, useModal } from "./Modal";
import "../dialog.css";

/** The export as the browser downloads it: the file name from the server's Content-Disposition. */
async function downloadExport(): Promise<string | null> {
  const response = await fetch("/api/org/export", { credentials: "same-origin" }).catch(() => null);
  if (!response?.ok) {
    const body = (await response?.json().catch(() => null)) as { error?: { message?: string } } | null;
    return body?.error?.message ?? "Network error";
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "nikki-export.zip";
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}

/** Settings › Your data (owners): download everything, or close the organization after typing its name. */
export default function DataRights() {
  const [me, setMe] = useState<Me | null>(null);
  const [exporting, setExporting] = useState(false);
  const [closing, setClosing] = useState(false);
  const [typed, setTyped] = useState("");
  const dialog = useModal(closing);
  const { pending, errors, submit } = useSubmit<"confirm">();
  useEffect(() => void loadMe().then(setMe), []);
  if (me?.role !== "owner" || !me.organization) return null;
  const name = me.organization.name;

  async function exportData() {
    setExporting(true);
    const problem = await downloadExport();
    setExporting(false);
    if (problem) toast({ variant: "destructive", title: "Export Failed", description: problem });
    else toast({ title: "Export ready", description: "Your organization's data is downloading as a zip." });
  }

  async function close(event: FormEvent) {
    event.preventDefault();
    const done = await submit({
      invalid: typed.trim() === name.trim() ? {} : { confirm: CLOSE_MESSAGES.confirm(name) },
      request: () => api<{ closed: CloseReport }>("DELETE", "/api/org", { confirm: typed }),
      failure: { toast: "Failed to close the organization." },
      staysBusy: true,
    });
    if (done) window.location.assign("/login?closed=1");
  }

  return (
    <section className="card panel" aria-labelledby="data-title" id="data">
      <div className="panel-head">
        <div>
          <h2 id="data-title">Your data</h2>
          <p>Download everything, or close the organization for good.</p>
        </div>
      </div>
      <div className="data-rights">
        <div>
          <h3>Export data</h3>
          <p className="muted">
            A zip with your calls (transcripts, summaries, a CSV), agents, numbers, settings, members and audit log. Credentials are never included.
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void exportData()} disabled={exporting}>
            {exporting ? "Preparing..." : "Export data"}
          </button>
        </div>
        <div>
          <h3>Close organization</h3>
          <p className="muted">
            Cancels your subscription, releases your phone numbers, signs every member out and deletes calls, recordings, agents and credentials. This cannot be
            undone: export first.
          </p>
          <button type="button" className="btn btn-danger btn-sm" onClick={() => setClosing(true)}>
            Close organization
          </button>
        </div>
      </div>
      <dialog ref={dialog} className="dialog" aria-labelledby="close-org-title" onClose={() => setClosing(false)}>
        <form className="dialog-body form" noValidate onSubmit={close}>
          <ModalHeader id="close-org-title" title="Close organization" onClose={() => setClosing(false)} />
          <p className="dialog-lead">
            Your subscription is cancelled, your numbers are released (callers will no longer reach Nikki), every member is signed out and all data is deleted.
            Type <strong>{name}</strong> to confirm.
          </p>
          <TextField
            id="close-confirm"
            label="Organization name"
            value={typed}
            onValue={setTyped}
            error={errors.confirm}
            disabled={pending}
            autoComplete="off"
          />
          <button type="submit" className="btn btn-danger btn-block" disabled={pending || typed.trim() !== name.trim()}>
            {pending ? "Closing..." : "Close organization for good"}
          </button>
        </form>
      </dialog>
    </section>
  );
}
