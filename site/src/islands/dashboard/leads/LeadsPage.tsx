import { LEAD_INTENT_LABELS, type LeadIntent, OPERATOR_LEADS_MESSAGES as M } from "@nikki/core";
import { useState } from "react";
import { type DataOf, api, call } from "../../../lib/client";
import { useBusinessTime } from "../../../lib/business-time";
import { useMe } from "../../../lib/me";
import { usePagedResource } from "../../../lib/use-resource";
import DataTable from "../../ui/DataTable";
import EmptyState from "../../ui/EmptyState";
import Loaded, { LoadMore } from "../../ui/Loaded";
import "../../form.css";
import "../agents/agents.css";
import "../calls/calls.css";

type Lead = DataOf<typeof api.operator.leads.$get>["leads"][number];

const SEARCH_DELAY_MS = 300;
const queryOf = (q: string, cursor: string | null) => ({ ...(q.trim() ? { q: q.trim() } : {}), ...(cursor ? { cursor } : {}) });

/** Leads (the product's operators): the contact form's leads, newest first, searchable, 50 at a time, and as CSV. */
export default function LeadsPage() {
  const me = useMe();
  const allowed = me === undefined ? null : Boolean(me?.is_operator);
  const [q, setQ] = useState("");
  const leads = usePagedResource(
    (cursor) => call(api.operator.leads.$get, { query: queryOf(q, cursor) }),
    (page) => ({ items: page.leads, next_cursor: page.next_cursor }),
    { failure: M.loadFailed, deps: [q, allowed], delayMs: q ? SEARCH_DELAY_MS : 0, skip: !allowed },
  );
  const time = useBusinessTime();

  if (allowed === false)
    return (
      <section className="card panel" aria-labelledby="leads-title">
        <h2 id="leads-title">Contact form leads</h2>
        <p>{M.notOperator}</p>
        <a className="btn btn-primary btn-sm" href={M.yourLeadsHref}>
          {M.yourLeads}
        </a>
      </section>
    );
  return (
    <section className="card panel" aria-labelledby="leads-title">
      <div className="panel-head">
        <div>
          <h2 id="leads-title">Contact form leads</h2>
          <p>Everyone who asked to hear from us on the site, newest first. We promise a reply within 24 hours.</p>
        </div>
        <a className="btn btn-secondary btn-sm" href={api.operator["leads.csv"].$path({ query: queryOf(q, null) })} download>
          Export CSV
        </a>
      </div>
      <div className="call-filters">
        <label className="leads-search">
          Search
          <input type="search" placeholder="Name, phone, e-mail or need" value={q} onChange={(event) => setQ(event.target.value)} />
        </label>
      </div>
      <Loaded resource={leads} loading="Loading leads…">
        {({ items }) => (
          <>
            <DataTable
              caption="Leads"
              rows={items}
              rowKey={(lead: Lead) => lead.id}
              empty={
                <EmptyState message={q.trim() ? M.noMatch : M.empty}>
                  {!q.trim() && (
                    <a className="btn btn-secondary btn-sm" href="/contact">
                      See the contact form
                    </a>
                  )}
                </EmptyState>
              }
              columns={[
                { header: "When", cell: (lead) => time.dateTime(lead.created_at) },
                { header: "Name", cell: (lead) => lead.name },
                { header: "Phone", cell: (lead) => <a href={`tel:${lead.phone}`}>{lead.phone}</a> },
                { header: "E-mail", cell: (lead) => (lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : "—") },
                { header: "Looking for", cell: (lead) => (lead.intent ? (LEAD_INTENT_LABELS[lead.intent as LeadIntent] ?? lead.intent) : "—") },
                {
                  header: "Notes",
                  cell: (lead) => [lead.desired_date_time && `Prefers ${lead.desired_date_time}`, lead.notes].filter(Boolean).join(" · ") || "—",
                },
              ]}
            />
            <LoadMore list={leads} />
          </>
        )}
      </Loaded>
    </section>
  );
}
