import { BUSINESS_LEADS_MESSAGES as M, canManage, leadNeed, displayPhone, zoneName } from "@nikki/core";
import { type DataOf, api, call } from "../../../lib/client";
import { useBusinessTime } from "../../../lib/business-time";
import { useMe } from "../../../lib/me";
import { usePagedResource } from "../../../lib/use-resource";
import DataTable from "../../ui/DataTable";
import EmptyState from "../../ui/EmptyState";
import Loaded, { LoadMore } from "../../ui/Loaded";
import StatusBadge from "../../ui/StatusBadge";
import { appointmentsWeekLink } from "../calls/CallBookings";
import "../calls/calls.css";

type Lead = DataOf<typeof api.leads.$get>["leads"][number] & { crm_connected: boolean };

/** What a lead's call booked: each time in the business's zone, its service, and canceled ones said so. */
function Booked({ lead }: { lead: Lead }) {
  if (lead.appointments.length === 0) return "—";
  return (
    <ul className="call-bookings">
      {lead.appointments.map((appointment) => (
        <li key={appointment.id}>
          <a href={appointmentsWeekLink(appointment)}>
            <time dateTime={appointment.start}>{appointment.label}</time>
          </a>{" "}
          <span className="muted">({zoneName(appointment.time_zone, "en", new Date(appointment.start))})</span>
          <span>
            {appointment.service_name}
            {appointment.status === "canceled" && (
              <>
                {" "}
                <StatusBadge kind="appointment" status={appointment.status} />
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Whether the CRM has the lead: sent when; with no CRM connected at all, says so (and, to who can, where to connect one). */
function CrmCell({ lead, canConnect }: { lead: Lead; canConnect: boolean }) {
  const time = useBusinessTime();
  if (lead.crm_synced_at) return M.crmSent(time.dateTime(lead.crm_synced_at));
  if (lead.crm_connected) return M.crmNotSent;
  return (
    <>
      <span className="muted">{M.crmNone}</span>
      {canConnect && (
        <>
          {" "}
          <a href="/dashboard/integrations">{M.crmConnect}</a>
        </>
      )}
    </>
  );
}

/**
 * Leads (the business's own, every member): callers its agent saved or booked and visitors who left their name and
 * number in its website chat, newest first, 50 at a time, with where each came from, what its call booked and whether
 * its CRM has it.
 */
export default function BusinessLeadsPage() {
  const leads = usePagedResource(
    (cursor) => call(api.leads.$get, { query: cursor ? { cursor } : {} }),
    // Whether a CRM is connected comes with each page; each row carries it for its CRM cell.
    (page) => ({ items: page.leads.map((lead) => ({ ...lead, crm_connected: page.crm_connected })), next_cursor: page.next_cursor }),
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
          <p>People who booked or asked you to get back to them, on a call or in the chat on your website. Call them back while they're warm.</p>
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
                {
                  header: "Phone",
                  cell: (lead) => (
                    <a className="phone-number" href={`tel:${lead.phone}`}>
                      {displayPhone(lead.phone)}
                    </a>
                  ),
                },
                {
                  header: "From",
                  cell: (lead) => (lead.call_id ? <a href={`/dashboard/calls?call=${lead.call_id}`}>{M.sources.call}</a> : M.sources[lead.source]),
                },
                { header: "What they want", cell: (lead) => leadNeed(lead) },
                { header: "Booked", cell: (lead) => <Booked lead={lead} /> },
                { header: "CRM", cell: (lead) => <CrmCell lead={lead} canConnect={canSetUp} /> },
              ]}
            />
            <LoadMore list={leads} />
          </>
        )}
      </Loaded>
    </section>
  );
}
