import { LISTEN_MESSAGES, PHONE_EXAMPLES, REDACTION_COPY, REGIONS, SETTINGS_RANGES, recordingNoticeHint } from "@nikki/core";
import FormField, { TextField } from "../../FormField";
import { NumberField, Section, Switch } from "./SettingsField";
import { type LoadedSettings, useSettingsSection } from "./use-settings";

const COUNTRIES: [string, string][] = [
  ["US", "United States"],
  ["CA", "Canada"],
  ["GB", "United Kingdom"],
  ["AU", "Australia"],
  ["IE", "Ireland"],
  ["MX", "Mexico"],
  ["PR", "Puerto Rico"],
  ["JM", "Jamaica"],
  ["DO", "Dominican Republic"],
];

/** Data retention, call recording and privacy (spec 001 §2 Settings). */
export function CallDataSettings({ loaded }: { loaded: LoadedSettings }) {
  const { draft, set, save, pending, errors } = useSettingsSection(loaded, [
    "transcript_retention_days",
    "recording_retention_days",
    "pii_redaction",
    "record_calls",
    "record_announce",
    "live_listening",
    "max_call_seconds",
  ] as const);
  const { retentionDays, maxCallSeconds } = SETTINGS_RANGES;
  return (
    <Section
      id="calls-data"
      title="Calls, recording and privacy"
      lead="How long call data is kept, whether calls are recorded, and what is redacted."
      onSave={() => void save()}
      pending={pending}
    >
      <>
        <div className="settings-row">
          <NumberField
            id="transcript-days"
            label="Keep transcripts for"
            value={draft.transcript_retention_days}
            onValue={(value) => set("transcript_retention_days", value)}
            min={retentionDays.min}
            max={retentionDays.max}
            unit="days"
            note={REDACTION_COPY.retention}
            error={errors.transcript_retention_days}
            disabled={pending}
          />
          <NumberField
            id="recording-days"
            label="Keep recordings for"
            value={draft.recording_retention_days}
            onValue={(value) => set("recording_retention_days", value)}
            min={retentionDays.min}
            max={retentionDays.max}
            unit="days"
            error={errors.recording_retention_days}
            disabled={pending}
          />
        </div>
        <Switch
          label="Record calls"
          hint="Recordings appear on each call in Calls."
          checked={draft.record_calls}
          onChecked={(value) => set("record_calls", value)}
          disabled={pending}
        />
        <Switch
          label="Announce the recording"
          hint={recordingNoticeHint(draft.live_listening)}
          checked={draft.record_announce}
          onChecked={(value) => set("record_announce", value)}
          disabled={pending || !draft.record_calls}
        />
        <Switch
          label={LISTEN_MESSAGES.setting}
          hint={`${LISTEN_MESSAGES.settingHint} ${recordingNoticeHint(true)}`}
          checked={draft.live_listening}
          onChecked={(value) => set("live_listening", value)}
          disabled={pending}
        />
        <Switch
          label="Redact personal details"
          hint={REDACTION_COPY.setting}
          checked={draft.pii_redaction}
          onChecked={(value) => set("pii_redaction", value)}
          disabled={pending}
        />
        <NumberField
          id="max-call"
          label="Longest call"
          value={draft.max_call_seconds}
          onValue={(value) => set("max_call_seconds", value)}
          min={maxCallSeconds.min}
          max={maxCallSeconds.max}
          unit="seconds"
          error={errors.max_call_seconds}
          disabled={pending}
        />
      </>
    </Section>
  );
}

/** Phone region, where calls may go, test-call limits, texts after calls and the morning digest. */
export function PhoneSettings({ loaded }: { loaded: LoadedSettings }) {
  const { draft, set, save, pending, errors } = useSettingsSection(loaded, [
    "default_region",
    "allowed_countries",
    "widget_rate_ip_hour",
    "widget_rate_phone_day",
    "post_call_sms",
    "digest_phone",
  ] as const);
  const { widgetRateIpHour, widgetRatePhoneDay } = SETTINGS_RANGES;
  return (
    <Section
      id="phone"
      title="Phone and limits"
      lead="Where numbers are searched and calls may go, how often the Test-a-Call widget may ring, and the texts your agents send."
      onSave={() => void save()}
      pending={pending}
    >
      <>
        <FormField id="default-region" label="Default region" error={errors.default_region}>
          <select
            id="default-region"
            value={draft.default_region}
            onChange={(event) => set("default_region", event.target.value as typeof draft.default_region)}
            disabled={pending}
          >
            {REGIONS.map((region) => (
              <option key={region}>{region}</option>
            ))}
          </select>
        </FormField>
        <fieldset className="plain-fieldset">
          <legend className="step-legend">Countries calls may go to</legend>
          <div className="country-grid">
            {COUNTRIES.map(([code, name]) => (
              <label className="consent" key={code}>
                <input
                  type="checkbox"
                  checked={draft.allowed_countries.includes(code)}
                  onChange={(event) =>
                    set(
                      "allowed_countries",
                      event.target.checked ? [...draft.allowed_countries, code] : draft.allowed_countries.filter((country) => country !== code),
                    )
                  }
                  disabled={pending}
                />
                <span>{name}</span>
              </label>
            ))}
          </div>
          {errors.allowed_countries && <p className="field-error">{errors.allowed_countries}</p>}
        </fieldset>
        <div className="settings-row">
          <NumberField
            id="rate-ip"
            label="Widget attempts per IP per hour"
            value={draft.widget_rate_ip_hour}
            onValue={(value) => set("widget_rate_ip_hour", value)}
            min={widgetRateIpHour.min}
            max={widgetRateIpHour.max}
            unit="calls"
            error={errors.widget_rate_ip_hour}
            disabled={pending}
          />
          <NumberField
            id="rate-phone"
            label="Widget attempts per phone per day"
            value={draft.widget_rate_phone_day}
            onValue={(value) => set("widget_rate_phone_day", value)}
            min={widgetRatePhoneDay.min}
            max={widgetRatePhoneDay.max}
            unit="calls"
            error={errors.widget_rate_phone_day}
            disabled={pending}
          />
        </div>
        <Switch
          label="Text callers after the call"
          hint="A thank-you text once the call is analysed, never to a number that opted out."
          checked={draft.post_call_sms}
          onChecked={(value) => set("post_call_sms", value)}
          disabled={pending}
        />
        <TextField
          id="digest-phone"
          label="Morning digest by text to"
          type="tel"
          inputMode="tel"
          placeholder={PHONE_EXAMPLES[loaded.settings.default_region]}
          hint="At 8:00 your time, the night's after-hours calls. Leave empty for none."
          value={draft.digest_phone ?? ""}
          onValue={(value) => set("digest_phone", value.trim() || null)}
          error={errors.digest_phone}
          disabled={pending}
        />
      </>
    </Section>
  );
}
