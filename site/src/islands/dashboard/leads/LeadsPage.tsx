import { LEAD_INTENT_LABELS, type LeadIntent, OPERATOR_LEADS_MESSAGES as M, type OperatorLead } from "@nikki/core";
import { useEffect, useRef, useState } from "react";
import { getJson } from "../../../lib/api";
import { loadMe } from "../../../lib/me";
import { toast } from "../../../lib/toast";
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
  const [leads, setLeads] = useState<OperatorLead[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [more, setMore] = useState(false);
  const latest = useRef(0);

  async function load(search: string, after?: string | null) {
    const ticket = ++latest.current;
    const result = await getJson<{ leads: OperatorLead[]; next_cursor: string | null }>(`/api/operator/leads${queryOf(search, after)}`);
    if (ticket !== latest.current) return;
    if (!result.ok) {
      setFailed(true);
      return void toast({ variant: "destructive", title: M.loadFailed, description: result.error?.message });
    }
    setFailed(false);
    setLeads((current) => (after ? [...(current ?? []), ...result.data.leads] : result.data.leads));
    setCursor(result.data.next_cursor);
  }

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
        <label>
          Search
          <input type="search" className="leads-search" placeholder="Name, phone, e-mail or need" value={q} onChange={(event) => setQ(event.target.value)} />
        </label>
      </div>
      {leads === null ? (
        <LoadPending failed={failed} failure={M.loadFailed} loading="Loading leads…" onRetry={() => void load(q)} />
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
          {cursor && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={more}
              onClick={async () => {
                setMore(true);
                await load(q, cursor);
                setMore(false);
              }}
            >
              {more ? "Loading…" : "Load more"}
            </button>
          )}
        </>
      )}
    </section>
  );
}
