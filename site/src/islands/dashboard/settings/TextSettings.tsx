import { type TextUsageResource, PUBLIC_URL_POLICY, TEXT_SETTINGS_COPY as COPY, canManage, parseFields, settingsPatchSchema } from "@nikki/core";
import { useState } from "react";
import { api, call } from "../../../lib/client";
import { useMe } from "../../../lib/me";
import { useResource } from "../../../lib/use-resource";
import { useSubmit } from "../../../lib/use-submit";
import Loaded from "../../ui/Loaded";
import UsageBar from "../billing/UsageBar";
import { NumberRow, type NumberSpec, Section } from "./SettingsField";
import "./settings.css";

type Limit = "texts_per_hour" | "texts_per_day";

const toneOf = (used: number, limit: number) => (used >= limit ? "over" : used * 5 >= limit * 4 ? "warning" : "ok");

/** What the organization sent this hour and today against its limits: every member reads it. */
function TextUsage({ usage }: { usage: TextUsageResource }) {
  return (
    <div className="settings-row">
      <UsageBar
        label={COPY.sentThisHour(usage.sent_this_hour, usage.per_hour)}
        used={usage.sent_this_hour}
        limit={usage.per_hour}
        tone={toneOf(usage.sent_this_hour, usage.per_hour)}
      />
      <UsageBar
        label={COPY.sentToday(usage.sent_today, usage.per_day)}
        used={usage.sent_today}
        limit={usage.per_day}
        tone={toneOf(usage.sent_today, usage.per_day)}
      />
    </div>
  );
}

/** The two limits, within the plan's bounds (owners and admins), saved with PATCH /api/org/settings. */
function TextLimits({ usage, onSaved }: { usage: TextUsageResource; onSaved(): void }) {
  const [draft, setDraft] = useState<Record<Limit, number>>({ texts_per_hour: usage.per_hour, texts_per_day: usage.per_day });
  const form = useSubmit<Limit>();
  const bounds = { name: usage.plan, texts: { perHourMax: usage.max_per_hour, perDayMax: usage.max_per_day } };
  const specs: NumberSpec<Limit>[] = [
    { key: "texts_per_hour", id: "texts-per-hour", label: COPY.perHour, range: { min: 1, max: usage.max_per_hour }, unit: "texts an hour" },
    { key: "texts_per_day", id: "texts-per-day", label: COPY.perDay, range: { min: 1, max: usage.max_per_day }, unit: "texts a day" },
  ];
  async function save() {
    const parsed = parseFields(settingsPatchSchema(PUBLIC_URL_POLICY, bounds), draft);
    const done = await form.submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api.org.settings.$patch, undefined, draft),
      failure: { toast: "Failed to save settings." },
      success: { title: "Saved", description: COPY.saved(draft.texts_per_hour, draft.texts_per_day) },
    });
    if (done) onSaved();
  }
  return (
    <Section id="texts" title={COPY.title} lead={COPY.lead} onSave={() => void save()} pending={form.pending}>
      <>
        <TextUsage usage={usage} />
        <NumberRow
          specs={specs}
          values={draft}
          onValue={(key, value) => setDraft((current) => ({ ...current, [key]: value }))}
          errors={form.errors}
          disabled={form.pending}
        />
        <p className="muted">{COPY.bounds(usage.plan, usage.max_per_hour, usage.max_per_day)}</p>
      </>
    </Section>
  );
}

/** Settings › Texts: the count sent this hour and today for everyone; the limits for owners and admins to change. */
export default function TextSettings() {
  const me = useMe();
  const usage = useResource(() => call(api.org.texts.$get), { failure: COPY.loadFailed, skip: !me?.organization, deps: [Boolean(me?.organization)] });
  if (!me?.organization) return null;
  if (canManage(me.role)) {
    return (
      <Loaded resource={usage} loading={COPY.loading}>
        {(loaded) => <TextLimits usage={loaded.texts} onSaved={() => void usage.reload()} />}
      </Loaded>
    );
  }
  return (
    <Section id="texts" title={COPY.title} lead={COPY.lead}>
      <Loaded resource={usage} loading={COPY.loading}>
        {(loaded) => (
          <>
            <TextUsage usage={loaded.texts} />
            <p className="muted">{COPY.readOnly(loaded.texts.per_hour, loaded.texts.per_day)}</p>
          </>
        )}
      </Loaded>
    </Section>
  );
}
