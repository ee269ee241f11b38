import { BUSINESS_LEADS_MESSAGES as M, LEAD_INTENT_LABELS, type LeadIntent, canManage } from "@nikki/core";
import { type DataOf, api, call } from "../../../lib/client";
import { useBusinessTime } from "../../../lib/business-time";
import { useMe } from "../../../lib/me";
import { usePagedResource } from "../../../lib/use-resource";
import DataTable from "../../ui/DataTable";
import EmptyState from "../../ui/EmptyState";
import Loaded, { LoadMore } from "../../ui/Loaded";
import "../calls/calls.css";

type Lead = DataOf<typeof api.leads.$get>["leads"][number];

const need = (lead: Lead) => [lead.intent && (LEAD_INTENT_LABELS[lead.intent as LeadIntent] ?? lead.intent), lead.notes].filter(Boolean).join(" · ") || "—";

/**
 * Leads (the business's own, every member): callers its agent saved and visitors who left their name and number in
 * its website chat, newest first, 50 at a time, with where each came from and whether its CRM has it.
 */
export default function BusinessLeadsPage() {
  const leads = usePagedResource(
    (cursor) => call(api.leads.$get, { query: cursor ? { cursor } : {} }),
    (page) => ({ items: page.leads, next_cursor: page.next_cursor }),
    { failure: M.loadFailed },
  );
  const time = useBusinessTime();
  // Putting the chat on a site is Settings, which only admins and owners open.
  const canSetUp = canManage(useMe()?.role);
  return (
    <section className="card panel" aria-labelledby="business-leads-title">
      <div className="panel-head">
        <div>
          <h2 id="business-leads-title">Your leads</h2>
          <p>People who asked you to get back to them, on a call or in the chat on your website. Call them back while they're warm.</p>
        </div>
      </div>
      <Loaded resource={leads} loading="Loading leads…">
        {({ items }) => (
          <>
            <DataTable
              caption="Your leads"
              rows={items}
              rowKey={(lead: Lead) => lead.id}
              empty={
                <EmptyState message={M.empty}>
                  {canSetUp && (
                    <a className="btn btn-secondary btn-sm" href="/dashboard/settings#widget">
                      Put the chat on your site
                    </a>
                  )}
                </EmptyState>
              }
              columns={[
                { header: "When", cell: (lead) => time.dateTime(lead.created_at) },
                { header: "Name", cell: (lead) => lead.name },
                { header: "Phone", cell: (lead) => <a href={`tel:${lead.phone}`}>{lead.phone}</a> },
                {
                  header: "From",
                  cell: (lead) => (lead.call_id ? <a href={`/dashboard/calls?call=${lead.call_id}`}>{M.sources.call}</a> : M.sources[lead.source]),
                },
                { header: "What they want", cell: need },
                { header: "CRM", cell: (lead) => (lead.crm_synced_at ? `Sent ${time.dateTime(lead.crm_synced_at)}` : "Not sent") },
              ]}
            />
            <LoadMore list={leads} />
          </>
        )}
      </Loaded>
    </section>
  );
}
