import type { OrganizationSettings } from "@nikki/core";
import { useEffect, useState } from "react";
import { api, getJson } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useSubmit } from "../../../lib/use-submit";

export interface SettingsState {
  settings: OrganizationSettings;
  widgetKey: string | null;
}

let loading: Promise<SettingsState | null> | null = null;

/** The organization's settings, fetched once per page however many sections read them. */
export function loadSettings(): Promise<SettingsState | null> {
  loading ??= getJson<{ settings: OrganizationSettings; widget_key: string | null }>("/api/org/settings").then((result) => {
    if (result.ok) return { settings: result.data.settings, widgetKey: result.data.widget_key };
    toast({ variant: "destructive", title: "Failed to load settings", description: result.error?.message });
    return null;
  });
  return loading;
}

/** One section's copy of the settings and its Save: only the fields it names are sent. */
export function useSettingsSection<K extends keyof OrganizationSettings>(fields: readonly K[]) {
  const [state, setState] = useState<SettingsState | null | undefined>(undefined);
  const [draft, setDraft] = useState<Pick<OrganizationSettings, K> | null>(null);
  const form = useSubmit<string>();

  useEffect(() => {
    void loadSettings().then((loaded) => {
      setState(loaded);
      if (loaded) setDraft(Object.fromEntries(fields.map((field) => [field, loaded.settings[field]])) as Pick<OrganizationSettings, K>);
    });
  }, []);

  const set = <F extends K>(field: F, value: OrganizationSettings[F]) => setDraft((current) => (current ? { ...current, [field]: value } : current));

  async function save() {
    if (!draft) return;
    await form.submit({
      request: () => api<{ settings: OrganizationSettings }>("PATCH", "/api/org/settings", draft),
      failure: { toast: "Failed to save settings." },
      success: { title: "Saved", description: "Your settings are updated." },
    });
  }

  return { state, draft, set, save, pending: form.pending, errors: form.errors };
}
