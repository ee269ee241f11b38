import { PERSONA_NAME, chatTitle, WIDGET_CHOICE_HINT, WIDGET_NAMES, type WidgetName, businessChatGreeting, readableTextOn, siteOriginOf } from "@nikki/core";
import { useEffect, useState } from "react";
import { api, call } from "../../../lib/client";
import { useMe } from "../../../lib/me";
import { useAction } from "../../../lib/use-action";
import { useResource } from "../../../lib/use-resource";
import ConfirmDialog from "../ConfirmDialog";
import FormField, { TextField } from "../../FormField";
import CopyField from "../CopyField";
import { Section } from "./SettingsField";
import { type LoadedSettings, useSettingsSection } from "./use-settings";

const WIDGET_LABELS: Record<WidgetName, string> = { chat: "Chat assistant", "test-call": "Test a Call", "voice-demo": "Browser voice demo" };

/** How the widgets look on the business's site with the settings as they are now, before saving. */
function WidgetPreview({ color, widgets, agentName }: { color: string; widgets: WidgetName[]; agentName: string }) {
  const organization = useMe()?.organization?.name ?? "your business";
  const ink = readableTextOn(color);
  return (
    <figure className="widget-preview" aria-label="Preview of the widgets on your site">
      {widgets.includes("chat") && (
        <div className="preview-panel">
          <div className="preview-head" style={{ background: color, color: ink }}>
            {chatTitle(organization)}
          </div>
          <p className="preview-bubble">{businessChatGreeting(agentName, organization)}</p>
        </div>
      )}
      <div className="preview-launchers">
        {widgets.includes("test-call") && (
          <span className="preview-launcher" style={{ background: color, color: ink }}>
            Test a Call
          </span>
        )}
        {widgets.includes("chat") && (
          <span className="preview-launcher" style={{ background: color, color: ink }}>
            Chat
          </span>
        )}
      </div>
      {widgets.length === 0 && <figcaption className="muted">No widget is shown on your site.</figcaption>}
    </figure>
  );
}

/** Widget: the tag to paste, the sites allowed to use it, its colour, which widgets show and which agent chats. */
export function WidgetSettings({ loaded }: { loaded: LoadedSettings }) {
  const { draft, set, save, saveNow, pending, errors } = useSettingsSection(loaded, [
    "allowed_origins",
    "widget_color",
    "enabled_widgets",
    "contact_url",
    "chat_agent_id",
  ] as const);
  // The chat agent's choices; should they fail to load, the toast says so and only the default remains.
  const agents = useResource(() => call(api.agents.$get), { failure: "Failed to load agents" });
  const [origin, setOrigin] = useState("");
  const [originError, setOriginError] = useState<string | undefined>();
  const [originNote, setOriginNote] = useState<string | undefined>();
  const [widgetKey, setWidgetKey] = useState(loaded.widget_key);
  const [rotating, setRotating] = useState(false);
  const action = useAction();

  // Who the chat speaks as, as the server picks it: the chosen agent when active, else the oldest active one (the list
  // is newest first).
  const activeAgents = (agents.data?.agents ?? []).filter((agent) => agent.status === "active");
  const chatAgentName = (activeAgents.find((agent) => agent.id === draft.chat_agent_id) ?? activeAgents.at(-1))?.name ?? PERSONA_NAME;
  const tag = widgetKey ? `<script src="${window.location.origin}/widget/v1/loader.js" data-key="${widgetKey}" async></script>` : "";

  async function rotate() {
    const done = await action.run({
      request: () => call(api.org["widget-key"].$post, undefined, {}),
      failure: "Failed to rotate the key.",
      success: { title: "Key Rotated", description: "Paste the new tag on your site: the old key no longer works." },
    });
    setRotating(false);
    if (done) setWidgetKey(done.data.widget_key);
  }
  // Add saves the site at once (nothing else of the section); an address with a path is kept as its site, and says so.
  async function addOrigin() {
    const site = siteOriginOf(origin);
    if (!site) return setOriginError("Enter the site's address, like https://www.example.com.");
    setOriginError(undefined);
    const trimmed = origin.trim() !== site;
    const saved =
      draft.allowed_origins.includes(site) ||
      (await saveNow(
        { allowed_origins: [...draft.allowed_origins, site] },
        {
          title: "Site added",
          description: trimmed ? `Saved as ${site}: the widget is allowed on every page of the site.` : `The widget is allowed on ${site}.`,
        },
      ));
    if (!saved) return;
    setOrigin("");
    setOriginNote(trimmed ? `Saved as ${site} (the site, without the page's path).` : undefined);
  }

  return (
    <Section
      id="widget"
      title="Widget"
      lead="Put your agent on your own website: paste the tag, allow your site, and choose how it looks."
      onSave={() => void save()}
      pending={pending}
    >
      <>
        {tag && (
          <div className="field">
            <span className="step-legend">Script tag</span>
            <CopyField value={tag} label="Script tag to paste before </body>" />
            <button type="button" className="btn btn-secondary btn-sm rotate-key" onClick={() => setRotating(true)} disabled={pending}>
              Rotate key
            </button>
            <ConfirmDialog
              open={rotating}
              title="Rotate the widget key?"
              message="The current key stops working at once: every site using the old tag loses the widgets until you paste the new one."
              confirmLabel="Rotate"
              pending={action.busy()}
              onConfirm={() => void rotate()}
              onCancel={() => setRotating(false)}
            />
          </div>
        )}
        <fieldset className="plain-fieldset">
          <legend className="step-legend">Sites allowed to use the widget</legend>
          {draft.allowed_origins.length === 0 ? (
            <p className="muted">None yet: the widget works only on this site until you add yours.</p>
          ) : (
            <ul className="origin-list">
              {draft.allowed_origins.map((allowed) => (
                <li key={allowed}>
                  <code>{allowed}</code>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={`Remove ${allowed}`}
                    disabled={pending}
                    onClick={() =>
                      void saveNow(
                        { allowed_origins: draft.allowed_origins.filter((item) => item !== allowed) },
                        { title: "Site removed", description: `The widget no longer loads on ${allowed}.` },
                      )
                    }
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="origin-add">
            <TextField
              id="new-origin"
              label="Add a site"
              placeholder="https://www.example.com"
              hint={originNote ?? "Paste any page of your site: its address is kept without the path, and saved at once."}
              value={origin}
              onValue={setOrigin}
              error={originError ?? errors.allowed_origins}
              disabled={pending}
            />
            <button type="button" className="btn btn-secondary" onClick={() => void addOrigin()} disabled={pending}>
              Add
            </button>
          </div>
        </fieldset>
        <div className="settings-row">
          <FormField id="widget-color" label="Colour" error={errors.widget_color}>
            <input id="widget-color" type="color" value={draft.widget_color} onChange={(event) => set("widget_color", event.target.value)} disabled={pending} />
          </FormField>
          <WidgetPreview color={draft.widget_color} widgets={draft.enabled_widgets} agentName={chatAgentName} />
        </div>
        <fieldset className="plain-fieldset">
          <legend className="step-legend">Widgets shown</legend>
          <p className="field-hint">{WIDGET_CHOICE_HINT}</p>
          {WIDGET_NAMES.map((name) => (
            <label className="consent" key={name}>
              <input
                type="checkbox"
                checked={draft.enabled_widgets.includes(name)}
                onChange={(event) =>
                  set("enabled_widgets", event.target.checked ? [...draft.enabled_widgets, name] : draft.enabled_widgets.filter((item) => item !== name))
                }
                disabled={pending}
              />
              <span>{WIDGET_LABELS[name]}</span>
            </label>
          ))}
        </fieldset>
        <FormField id="chat-agent" label="Agent that answers the chat" error={errors.chat_agent_id}>
          <select id="chat-agent" value={draft.chat_agent_id ?? ""} onChange={(event) => set("chat_agent_id", event.target.value || null)} disabled={pending}>
            <option value="">Your first active agent</option>
            {(agents.data?.agents ?? []).map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
          </select>
        </FormField>
        <TextField
          id="contact-url"
          label="Contact link"
          type="url"
          placeholder="https://www.example.com/contact"
          hint="Where the chat's “Contact us” goes. Leave empty and the chat asks for the visitor's name and number instead, which arrive in Leads."
          value={draft.contact_url ?? ""}
          onValue={(value) => set("contact_url", value.trim() || null)}
          error={errors.contact_url}
          disabled={pending}
        />
      </>
    </Section>
  );
}

/** Telephony: this deployment's webhook URLs, for a number set up by hand in Twilio, and where to check health. */
export function TelephonySettings() {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  return (
    <section className="card panel" aria-labelledby="telephony-title" id="telephony">
      <div className="panel-head">
        <div>
          <h2 id="telephony-title">Telephony webhooks</h2>
          <p>Numbers bought here are set up for you. For a number configured by hand in Twilio, use these URLs (HTTP POST).</p>
        </div>
      </div>
      {origin && (
        <div className="form">
          <CopyField value={`${origin}/twilio/voice/inbound`} label="Voice webhook URL" />
          <CopyField value={`${origin}/twilio/messaging/inbound`} label="Messaging webhook URL" />
          <CopyField value={`${origin}/twilio/voice/status`} label="Status callback URL" />
          <p className="muted">
            Check the webhooks with the <a href="/dashboard/health/telephony">Telephony Health Check</a>, the bridge on{" "}
            <a href="/dashboard/health/voice">Voice Bridge Health</a>, the bridge, CRM webhook and texts' sender on{" "}
            <a href="/dashboard/ops/voice">Voice Operations</a>, the setup on <a href="/health">System Health</a> and the{" "}
            <a href="/live/diagnostics">live diagnostics</a>.
          </p>
        </div>
      )}
    </section>
  );
}
