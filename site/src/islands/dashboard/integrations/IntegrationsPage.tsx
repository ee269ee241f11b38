import { INTEGRATIONS, INTEGRATION_MESSAGES, type IntegrationInfo, isCalendar } from "@nikki/core";
import { useState } from "react";
import { type DataOf, api, call } from "../../../lib/client";
import { useAction } from "../../../lib/use-action";
import { useBusinessTime } from "../../../lib/business-time";
import { useResource } from "../../../lib/use-resource";
import Loaded from "../../ui/Loaded";
import StatusBadge from "../../ui/StatusBadge";
import ConfirmDialog from "../ConfirmDialog";
import CalendarCopies from "./CalendarCopies";
import ConfigureDialog from "./ConfigureDialog";
import { GoogleConnectButton, useGoogleCalendarOutcome } from "./GoogleConnect";
import "../../form.css";
import "../agents/agents.css";
import "./integrations.css";

type Integration = DataOf<typeof api.integrations.$get>["integrations"][number];

function tested(integration: Integration, dateTime: (at: string) => string): string {
  if (!integration.last_tested_at) return integration.configured ? "Not tested yet" : "";
  const when = dateTime(integration.last_tested_at);
  return integration.test_status === "success" ? `Verified ${when}` : `Last test failed ${when}`;
}

/**
 * Integrations (spec 001 §2): a card per provider with the badge of §4, Test Connection and Remove; typed credentials
 * through the configure dialog, Google Calendar through Connect with Google (OAuth). A connected calendar's card says
 * when the last booking change was copied there and how many wait.
 */
export default function IntegrationsPage() {
  const integrations = useResource(() => call(api.integrations.$get), { failure: INTEGRATION_MESSAGES.loadFailed });
  const [configuring, setConfiguring] = useState<IntegrationInfo | null>(null);
  const [removing, setRemoving] = useState<IntegrationInfo | null>(null);
  // The provider's own words for the last refused test of each, shown under ours as a details line.
  const [details, setDetails] = useState<Partial<Record<IntegrationInfo["provider"], string | null>>>({});
  const action = useAction();
  const time = useBusinessTime();
  useGoogleCalendarOutcome();
  const replace = (integration: Integration) =>
    integrations.update((list) => ({ integrations: list.integrations.map((row) => (row.provider === integration.provider ? integration : row)) }));

  async function test(info: IntegrationInfo) {
    const done = await action.run({
      key: info.provider,
      request: () => call(api.integrations[":provider"].test.$post, { param: { provider: info.provider } }, {}),
      failure: INTEGRATION_MESSAGES.testFailed,
      fallback: INTEGRATION_MESSAGES.unexpected,
      // A test that ran but did not connect answers 200 with its reason: said as a failure, in its words.
      success: ({ success, message, detail }) => {
        setDetails((all) => ({ ...all, [info.provider]: detail }));
        return success
          ? { title: INTEGRATION_MESSAGES.success, description: message }
          : { variant: "destructive", title: INTEGRATION_MESSAGES.failed, description: message || INTEGRATION_MESSAGES.connectFailed(info.name) };
      },
    });
    if (done) await integrations.reload();
  }

  async function remove(info: IntegrationInfo) {
    const done = await action.run({
      key: "remove",
      request: () => call(api.integrations[":provider"].$delete, { param: { provider: info.provider } }),
      failure: "Failed to remove configuration.",
      success: { title: INTEGRATION_MESSAGES.removed, description: `${info.name} credentials were deleted.` },
    });
    setRemoving(null);
    if (done) await integrations.reload();
  }

  return (
    <section className="card panel" aria-labelledby="integrations-title">
      <div className="panel-head">
        <div>
          <h2 id="integrations-title">Your provider accounts</h2>
          <p>Bring your own accounts. Until Twilio or OpenAI is verified here, your calls run on Nikki AI's own accounts.</p>
        </div>
      </div>
      <Loaded resource={integrations} loading="Loading integrations…">
        {({ integrations: rows }) => (
          <ul className="integration-grid">
            {INTEGRATIONS.map((info) => {
              const integration = rows.find((row) => row.provider === info.provider);
              if (!integration) return null;
              const headingId = `integration-${info.provider}`;
              return (
                <li className="integration-card" key={info.provider} aria-labelledby={headingId}>
                  <div className="integration-head">
                    <h3 id={headingId}>{info.name}</h3>
                    <StatusBadge kind="integration" status={integration.badge} />
                  </div>
                  <p className="muted">{info.purpose}</p>
                  {info.oauth && !integration.configured && <p className="field-hint">{info.help}</p>}
                  {integration.hint && <p className="integration-hint">{integration.hint}</p>}
                  <p className="integration-tested">{tested(integration, time.dateTime)}</p>
                  {integration.configured && integration.copies && <CalendarCopies copies={integration.copies} dateTime={time.dateTime} />}
                  {integration.badge === "Failed" && integration.test_message && <p className="field-error">{integration.test_message}</p>}
                  {integration.badge === "Failed" && details[info.provider] && <p className="integration-detail">Details: {details[info.provider]}</p>}
                  <div className="agent-actions">
                    {info.oauth ? (
                      <GoogleConnectButton connected={integration.configured} />
                    ) : (
                      <button type="button" className="btn btn-primary btn-sm" onClick={() => setConfiguring(info)} aria-label={`Configure ${info.name}`}>
                        {integration.configured ? "Update" : "Configure"}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={INTEGRATIONS.some((other) => action.busy(other.provider))}
                      onClick={() => void test(info)}
                      aria-label={`Test Connection to ${info.name}`}
                    >
                      {action.busy(info.provider) ? "Testing..." : "Test Connection"}
                    </button>
                    {integration.configured && (
                      <button type="button" className="btn btn-danger btn-sm" onClick={() => setRemoving(info)} aria-label={`Remove ${info.name}`}>
                        Remove
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Loaded>
      <ConfigureDialog
        info={configuring}
        current={integrations.data?.integrations.find((row) => row.provider === configuring?.provider) ?? null}
        onClose={() => setConfiguring(null)}
        onSaved={(integration) => {
          replace(integration);
          setConfiguring(null);
          // A calendar copies bookings only once verified: it is tested at once, as Google's is after consent.
          if (configuring && isCalendar(configuring.provider)) void test(configuring);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ""}?`}
        message={
          removing?.provider === "twilio" || removing?.provider === "openai"
            ? "Its credentials are deleted and your calls go back to Nikki AI's own account."
            : removing?.provider === "google_calendar" || removing?.provider === "calcom"
              ? "Its access is deleted: its busy times are no longer checked and bookings, moves and cancellations are no longer copied to it. Copies already there stay."
              : "Its credentials are deleted and it is no longer used."
        }
        confirmLabel="Remove"
        pending={action.busy("remove")}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
