import { LEAD_INTENT_LABELS, type LeadIntent, OPERATOR_LEADS_MESSAGES as M, type OperatorLead } from "@nikki/core";
import { useEffect, useState } from "react";
import { loadMe } from "../../../lib/me";
import { LoadMore, usePagedList } from "../../../lib/use-paged-list";
import LoadPending from "../LoadPending";
import "../../form.css";
import "../agents/agents.css";
import "../calls/calls.css";

const SEARCH_DELAY_MS = 300;
const queryOf = (q: string, cursor?: string | null) => {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `?${text}` : "";
};

/** Leads (the product's operators): the contact form's leads, newest first, searchable, 50 at a time, and as CSV. */
export default function LeadsPage() {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  const [q, setQ] = useState("");
  const list = usePagedList(
    (page: { leads: OperatorLead[]; next_cursor: string | null }) => ({ items: page.leads, next_cursor: page.next_cursor }),
    M.loadFailed,
  );
  const leads = list.items;
  const load = (search: string) => list.load(`/api/operator/leads${queryOf(search)}`);

  useEffect(() => void loadMe().then((me) => setAllowed(Boolean(me?.is_operator))), []);
  useEffect(() => {
    if (!allowed) return;
    const timer = setTimeout(() => void load(q), q ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [q, allowed]);

  if (allowed === false) return <p className="card panel">Leads are for the product's operators. Ask to have your verified e-mail added to OPERATOR_EMAILS.</p>;
  return (
    <section className="card panel" aria-labelledby="leads-title">
      <div className="panel-head">
        <div>
          <h2 id="leads-title">Contact form leads</h2>
          <p>Everyone who asked to hear from us on the site, newest first. We promise a reply within 24 hours.</p>
        </div>
        <a className="btn btn-secondary btn-sm" href={`/api/operator/leads.csv${queryOf(q)}`} download>
          Export CSV
        </a>
      </div>
      <div className="call-filters">
        <label className="leads-search">
          Search
          <input type="search" placeholder="Name, phone, e-mail or need" value={q} onChange={(event) => setQ(event.target.value)} />
        </label>
      </div>
      {leads === null ? (
        <LoadPending failed={list.failed} failure={M.loadFailed} loading="Loading leads…" onRetry={() => void load(q)} />
      ) : leads.length === 0 ? (
        <div className="dash-empty">
          <p>{q.trim() ? M.noMatch : M.empty}</p>
          {!q.trim() && (
            <a className="btn btn-secondary btn-sm" href="/contact">
              See the contact form
            </a>
          )}
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table call-table">
              <caption className="sr-only">Leads</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Name</th>
                  <th scope="col">Phone</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Looking for</th>
                  <th scope="col">Notes</th>
                </tr>
              </thead>
              <tbody>
                {leads.map((lead) => (
                  <tr key={lead.id}>
                    <td data-label="When">{new Date(lead.created_at).toLocaleString()}</td>
                    <td data-label="Name">{lead.name}</td>
                    <td data-label="Phone">
                      <a href={`tel:${lead.phone}`}>{lead.phone}</a>
                    </td>
                    <td data-label="E-mail">{lead.email ? <a href={`mailto:${lead.email}`}>{lead.email}</a> : "—"}</td>
                    <td data-label="Looking for">{lead.intent ? (LEAD_INTENT_LABELS[lead.intent as LeadIntent] ?? lead.intent) : "—"}</td>
                    <td data-label="Notes">{[lead.desired_date_time && `Prefers ${lead.desired_date_time}`, lead.notes].filter(Boolean).join(" · ") || "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore list={list} path={(cursor) => `/api/operator/leads${queryOf(q, cursor)}`} />
        </>
      )}
    </section>
  );
}
