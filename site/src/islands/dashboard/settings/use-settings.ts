import { useState } from "react";
import { type DataOf, api, call } from "../../../lib/client";
import { useResource } from "../../../lib/use-resource";
import type { ToastInput } from "../../../lib/toast";
import { useSubmit } from "../../../lib/use-submit";

/** `GET /api/org/settings`: every setting, and the organization's widget key. */
export type LoadedSettings = DataOf<typeof api.org.settings.$get>;
export type Settings = LoadedSettings["settings"];

/** The organization's settings, read once for the page (owners and admins only: nothing is read for others). */
export function useSettings(allowed: boolean) {
  return useResource(() => call(api.org.settings.$get), { failure: "Failed to load settings", skip: !allowed, deps: [allowed] });
}

/** One section's copy of the settings (read once for the page by useSettings) and its Save: only its fields are sent. */
export function useSettingsSection<K extends keyof Settings>(loaded: LoadedSettings, fields: readonly K[]) {
  const fieldsOf = (settings: Settings) => Object.fromEntries(fields.map((field) => [field, settings[field]])) as Pick<Settings, K>;
  const [draft, setDraft] = useState(() => fieldsOf(loaded.settings));
  const form = useSubmit<string>();

  const set = <F extends K>(field: F, value: Settings[F]) => setDraft((current) => ({ ...current, [field]: value }));

  /** Saves the section; the draft becomes what the server kept (a number as stored, a list without repeats), which it answers. */
  async function save(): Promise<Pick<Settings, K> | null> {
    const done = await form.submit({
      request: () => call(api.org.settings.$patch, undefined, draft),
      failure: { toast: "Failed to save settings." },
      success: { title: "Saved", description: "Your settings are updated." },
    });
    if (!done) return null;
    const kept = fieldsOf(done.data.settings);
    setDraft(kept);
    return kept;
  }

  /** Saves some of the section's fields at once (the rest of its draft waits for Save); true when saved. */
  async function saveNow(patch: Partial<Pick<Settings, K>>, success: ToastInput): Promise<boolean> {
    const done = await form.submit({ request: () => call(api.org.settings.$patch, undefined, patch), failure: { toast: "Failed to save settings." }, success });
    if (done) setDraft((current) => ({ ...current, ...patch }));
    return done !== null;
  }

  return { draft, set, save, saveNow, pending: form.pending, errors: form.errors };
}
