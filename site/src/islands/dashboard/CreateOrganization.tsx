import { ACCOUNT_MESSAGES, AGENT_DEFAULTS, TIME_ZONE_HINT, createOrganizationSchema, localTimeZone, parseFields } from "@nikki/core";
import { type SubmitEvent, useEffect, useState } from "react";
import { api, call } from "../../lib/client";
import { useSubmit } from "../../lib/use-submit";
import { TextField, TimeZoneField } from "../FormField";
import "../form.css";

/** For a signed-in user with no organization: the spec's notice, and their own business to create. */
export default function CreateOrganization() {
  const [company, setCompany] = useState("");
  const [timeZone, setTimeZone] = useState("");
  const { pending, errors, setErrors, submit: send } = useSubmit<"company" | "time_zone">();
  const error = errors.company;
  // The browser's zone, proposed once the page runs here (the server's HTML cannot know it).
  useEffect(() => setTimeZone((current) => current || (localTimeZone() ?? AGENT_DEFAULTS.timezone)), []);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const parsed = parseFields(createOrganizationSchema, { company, time_zone: timeZone });
    const created = await send({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api.account.organization.$post, undefined, parsed.ok ? parsed.data : {}),
      failure: { show: (message) => setErrors({ company: message }), fallback: "We couldn't create your business. Please try again." },
      staysBusy: true,
    });
    if (created) window.location.reload();
  }

  return (
    <div className="dash-empty" style={{ textAlign: "left", display: "grid", gap: 16 }}>
      <p style={{ margin: 0 }}>{ACCOUNT_MESSAGES.noOrganization}</p>
      <form className="form" noValidate onSubmit={submit} style={{ maxWidth: 460 }}>
        <p style={{ margin: 0, color: "var(--text)" }}>Setting up your own business instead? Name it to start your free trial.</p>
        <TextField
          id="new-org"
          label="Company name"
          required
          error={error}
          value={company}
          onValue={setCompany}
          autoComplete="organization"
          disabled={pending}
        />
        <TimeZoneField id="new-org-time-zone" value={timeZone} onValue={setTimeZone} error={errors.time_zone} hint={TIME_ZONE_HINT} disabled={pending} />
        <button type="submit" className="btn btn-primary" disabled={pending} style={{ justifySelf: "start" }}>
          {pending ? "Creating..." : "Create My Business"}
        </button>
      </form>
    </div>
  );
}
