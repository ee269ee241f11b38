import { CLOSE_MESSAGES, PAGE_ACCESS_COPY, isErrorEnvelope } from "@nikki/core";
import { type SubmitEvent, useState } from "react";
import { type ApiResult, api, call } from "../../lib/client";
import { useMe } from "../../lib/me";
import { useAction } from "../../lib/use-action";
import { useSubmit } from "../../lib/use-submit";
import { TextField } from "../FormField";
import Modal from "../ui/Modal";

/** The export as the browser downloads it (a zip, not JSON: its typed URL), named by the server's Content-Disposition. */
async function downloadExport(): Promise<ApiResult<null>> {
  const response = await fetch(api.org.export.$path(), { credentials: "same-origin" }).catch(() => null);
  if (!response?.ok) {
    const body: unknown = await response?.json().catch(() => null);
    return { ok: false, status: response?.status ?? 0, error: isErrorEnvelope(body) ? body.error : null };
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "nikki-export.zip";
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ok: true, status: response.status, data: null };
}

/** Settings › Your data (owners; an admin reads that it is the owner's): download everything, or close the organization after typing its name. */
export default function DataRights() {
  const me = useMe();
  const [closing, setClosing] = useState(false);
  const [typed, setTyped] = useState("");
  const action = useAction();
  const { pending, errors, submit } = useSubmit<"confirm">();
  if (me?.role === "admin")
    return (
      <section className="card panel" aria-labelledby="data-title" id="data">
        <div className="panel-head">
          <div>
            <h2 id="data-title">Your data</h2>
            <p>{PAGE_ACCESS_COPY.dataRightsOwnerOnly}</p>
          </div>
        </div>
      </section>
    );
  if (me?.role !== "owner" || !me.organization) return null;
  const name = me.organization.name;

  const exportData = () =>
    action.run({
      request: downloadExport,
      failure: "Export Failed",
      success: { title: "Export ready", description: "Your organization's data is downloading as a zip." },
    });

  async function close(event: SubmitEvent) {
    event.preventDefault();
    const done = await submit({
      invalid: typed.trim() === name.trim() ? {} : { confirm: CLOSE_MESSAGES.confirm(name) },
      request: () => call(api.org.$delete, undefined, { confirm: typed }),
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
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void exportData()} disabled={action.busy()}>
            {action.busy() ? "Preparing..." : "Export data"}
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
      <Modal
        open={closing}
        onClose={() => setClosing(false)}
        title="Close organization"
        titleId="close-org-title"
        onSubmit={close}
        lead={
          <>
            Your subscription is cancelled, your numbers are released (callers will no longer reach your agents), every member is signed out and all data is
            deleted. Type <strong>{name}</strong> to confirm.
          </>
        }
      >
        <TextField id="close-confirm" label="Organization name" value={typed} onValue={setTyped} error={errors.confirm} disabled={pending} autoComplete="off" />
        <button type="submit" className="btn btn-danger btn-block" disabled={pending || typed.trim() !== name.trim()}>
          {pending ? "Closing..." : "Close organization for good"}
        </button>
      </Modal>
    </section>
  );
}
