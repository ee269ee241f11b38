import { type ServiceResource, canManage, starterServiceNote } from "@nikki/core";
import { useState } from "react";
import { api, call } from "../../../lib/client";
import { useMe } from "../../../lib/me";
import { useAction } from "../../../lib/use-action";
import { useResource } from "../../../lib/use-resource";
import EmptyState from "../../ui/EmptyState";
import Loaded from "../../ui/Loaded";
import ConfirmDialog from "../ConfirmDialog";
import ServiceEditor from "./ServiceEditor";

type Agent = { id: string; name: string };

/** "60 min · 15 min buffer · $80". */
function facts(service: ServiceResource): string {
  return [
    `${service.duration_minutes} min`,
    service.buffer_minutes ? `${service.buffer_minutes} min buffer` : "no buffer",
    service.price_text ?? "no price given",
  ].join(" · ");
}

function offeredBy(service: ServiceResource, agents: readonly Agent[]): string {
  if (service.agent_ids.length === 0) return "Offered by every agent";
  const names = service.agent_ids.map((id) => agents.find((agent) => agent.id === id)?.name ?? "a removed agent");
  return `Offered by ${names.join(", ")}`;
}

/** The note on the service every business starts with, while it is still there by that name. */
function StarterNote({ services }: { services: readonly ServiceResource[] }) {
  const note = starterServiceNote(services);
  return note ? (
    <p className="service-note" role="note">
      {note}
    </p>
  ) : null;
}

/**
 * The wizard's Services step (issue 35 §1): what callers can book, for the whole organization. Each add, change or
 * delete is saved at once through `/api/services`, whether or not the agent is saved after. Members who cannot manage see the list only.
 */
export default function ServicesStep() {
  const manager = canManage(useMe()?.role);
  const services = useResource(() => call(api.services.$get), { failure: "Failed to load services" });
  // For the names under each service and the "Offered by" choices; should they fail, the toast says so.
  const agentList = useResource(() => call(api.agents.$get), { failure: "Failed to load agents" });
  const agents: Agent[] = agentList.data?.agents ?? [];
  /** The service whose fields are open: its id, "new", or none. One at a time, so Enter has one meaning. */
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ServiceResource | null>(null);
  const action = useAction();

  const saved = (service: ServiceResource) => {
    services.update(({ services: list }) => ({
      services: list.some((row) => row.id === service.id) ? list.map((row) => (row.id === service.id ? service : row)) : [...list, service],
    }));
    setEditing(null);
  };

  async function remove(service: ServiceResource) {
    const done = await action.run({
      key: "delete",
      request: () => call(api.services[":id"].$delete, { param: { id: service.id } }),
      failure: "Failed to delete the service.",
      success: { title: "Service Deleted", description: `${service.name} can no longer be booked. Appointments already made keep it.` },
    });
    setDeleting(null);
    if (done) services.update(({ services: list }) => ({ services: list.filter((row) => row.id !== service.id) }));
  }

  return (
    <div className="services-step">
      <p className="muted">
        What callers can book, with how long it takes. Services are shared by all your agents and saved as soon as you add, change or delete one: closing the
        wizard without saving the agent does not undo them.
      </p>
      <Loaded resource={services} loading="Loading services…">
        {({ services: rows }) => (
          <>
            <StarterNote services={rows} />
            {rows.length === 0 ? (
              <EmptyState message="No services yet. Add one so callers can book." />
            ) : (
              <ul className="service-list" aria-label="Services">
                {rows.map((service) =>
                  editing === service.id ? (
                    <li key={service.id}>
                      <ServiceEditor service={service} agents={agents} onSaved={saved} onCancel={() => setEditing(null)} />
                    </li>
                  ) : (
                    <li className="service-row" key={service.id}>
                      <div>
                        <h4>{service.name}</h4>
                        <p className="muted">{facts(service)}</p>
                        <p className="muted">{offeredBy(service, agents)}</p>
                      </div>
                      {manager && (
                        <div className="agent-actions">
                          <button
                            type="button"
                            className="btn btn-secondary btn-sm"
                            onClick={() => setEditing(service.id)}
                            disabled={editing !== null}
                            aria-label={`Edit ${service.name}`}
                          >
                            Edit
                          </button>
                          {rows.length > 1 && (
                            <button
                              type="button"
                              className="btn btn-danger btn-sm"
                              onClick={() => setDeleting(service)}
                              disabled={editing !== null}
                              aria-label={`Delete ${service.name}`}
                            >
                              Delete
                            </button>
                          )}
                        </div>
                      )}
                    </li>
                  ),
                )}
              </ul>
            )}
            {manager && editing === "new" && <ServiceEditor service={null} agents={agents} onSaved={saved} onCancel={() => setEditing(null)} />}
            {manager && editing === null && (
              <div>
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing("new")}>
                  Add service
                </button>
              </div>
            )}
            {!manager && <p className="muted">Only owners and admins change services.</p>}
          </>
        )}
      </Loaded>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? "the service"}?`}
        message="Callers can no longer book it; appointments already made keep their time."
        confirmLabel="Delete"
        pending={action.busy("delete")}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
