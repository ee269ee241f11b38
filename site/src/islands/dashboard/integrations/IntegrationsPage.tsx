import { INTEGRATIONS, INTEGRATION_MESSAGES, type IntegrationInfo, type IntegrationResource } from "@nikki/core";
import { useEffect, useState } from "react";
import { api, getJson, postJson } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import ConfirmDialog from "../ConfirmDialog";
import ConfigureDialog from "./ConfigureDialog";
import LoadPending from "../LoadPending";
import "../../dialog.css";
import "../../form.css";
import "../agents/agents.css";
import "./integrations.css";

const BADGE_CLASS = { "Not Configured": "badge-neutral", Configured: "badge-attention", Verified: "badge-positive" } as const;

function tested(integration: IntegrationResource): string {
  if (!integration.last_tested_at) return integration.configured ? "Not tested yet" : "";
  const when = new Date(integration.last_tested_at).toLocaleString();
  return integration.test_status === "success" ? `Verified ${when}` : `Last test failed ${when}`;
}

/** Integrations (spec 001 §2): six cards, each with a configure dialog, Test Connection and the badge of §4. */
export default function IntegrationsPage() {
  const [integrations, setIntegrations] = useState<IntegrationResource[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [configuring, setConfiguring] = useState<IntegrationInfo | null>(null);
  const [removing, setRemoving] = useState<IntegrationInfo | null>(null);
  const [testing, setTesting] = useState<string | null>(null);

  async function load() {
    const result = await getJson<{ integrations: IntegrationResource[] }>("/api/integrations");
    if (!result.ok) {
      setFailed(true);
      return void toast({ variant: "destructive", title: INTEGRATION_MESSAGES.loadFailed, description: result.error?.message });
    }
    setFailed(false);
    setIntegrations(result.data.integrations);
  }
  useEffect(() => void load(), []);
  const replace = (integration: IntegrationResource) =>
    setIntegrations((list) => list?.map((row) => (row.provider === integration.provider ? integration : row)) ?? null);

  async function test(info: IntegrationInfo) {
    setTesting(info.provider);
    const result = await postJson<{ success: boolean; message: string }>(`/api/integrations/${info.provider}/test`, {});
    setTesting(null);
    if (!result.ok) {
      return void toast({
        variant: "destructive",
        title: INTEGRATION_MESSAGES.testFailed,
        description: result.error?.message ?? INTEGRATION_MESSAGES.unexpected,
      });
    }
    if (result.data.success) toast({ title: INTEGRATION_MESSAGES.success, description: result.data.message });
    else
      toast({ variant: "destructive", title: INTEGRATION_MESSAGES.failed, description: result.data.message || INTEGRATION_MESSAGES.connectFailed(info.name) });
    await load();
  }

  async function remove() {
    if (!removing) return;
    const result = await api("DELETE", `/api/integrations/${removing.provider}`);
    if (result.ok) {
      toast({ title: INTEGRATION_MESSAGES.removed, description: `${removing.name} credentials were deleted.` });
      await load();
    } else toast({ variant: "destructive", title: "Failed to remove configuration.", description: result.error?.message });
    setRemoving(null);
  }

  return (
    <section className="card panel" aria-labelledby="integrations-title">
      <div className="panel-head">
        <div>
          <h2 id="integrations-title">Your provider accounts</h2>
          <p>Bring your own accounts. Until Twilio or OpenAI is verified here, your calls run on Nikki AI's own accounts.</p>
        </div>
      </div>
      {integrations === null ? (
        <LoadPending failed={failed} failure={INTEGRATION_MESSAGES.loadFailed} loading="Loading integrations…" onRetry={() => void load()} />
      ) : (
        <ul className="integration-grid">
          {INTEGRATIONS.map((info) => {
            const integration = integrations.find((row) => row.provider === info.provider);
            if (!integration) return null;
            const headingId = `integration-${info.provider}`;
            return (
              <li className="integration-card" key={info.provider} aria-labelledby={headingId}>
                <div className="integration-head">
                  <h3 id={headingId}>{info.name}</h3>
                  <span className={`badge ${BADGE_CLASS[integration.badge]}`}>{integration.badge}</span>
                </div>
                <p className="muted">{info.purpose}</p>
                {integration.hint && <p className="integration-hint">{integration.hint}</p>}
                <p className="integration-tested">{tested(integration)}</p>
                <div className="agent-actions">
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => setConfiguring(info)} aria-label={`Configure ${info.name}`}>
                    {integration.configured ? "Update" : "Configure"}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={testing !== null}
                    onClick={() => void test(info)}
                    aria-label={`Test Connection to ${info.name}`}
                  >
                    {testing === info.provider ? "Testing..." : "Test Connection"}
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
      <ConfigureDialog
        info={configuring}
        current={integrations?.find((row) => row.provider === configuring?.provider) ?? null}
        onClose={() => setConfiguring(null)}
        onSaved={(integration) => {
          replace(integration);
          setConfiguring(null);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ""}?`}
        message={
          removing?.provider === "twilio" || removing?.provider === "openai"
            ? "Its credentials are deleted and your calls go back to Nikki AI's own account."
            : "Its credentials are deleted and it is no longer used."
        }
        confirmLabel="Remove"
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
