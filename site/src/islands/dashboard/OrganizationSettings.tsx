import { ORGANIZATION_TIME_ZONE_HINT, canManage, organizationUpdateSchema, parseFields } from "@nikki/core";
import { type SubmitEvent, useEffect, useState } from "react";
import { api, call } from "../../lib/client";
import { useMe } from "../../lib/me";
import { useSubmit } from "../../lib/use-submit";
import { TextField, TimeZoneField } from "../FormField";
import "../form.css";

/** Settings → Organization: name, domain (spec 001 §3) and the time zone chosen at sign-up, editable by owners and admins. */
export default function OrganizationSettings() {
  const me = useMe();
  const [name, setName] = useState("");
  const [domain, setDomain] = useState("");
  const [timeZone, setTimeZone] = useState("");
  const { pending, errors, submit } = useSubmit<"name" | "domain" | "time_zone">();
  const canEdit = canManage(me?.role);

  useEffect(() => {
    setName(me?.organization?.name ?? "");
    setDomain(me?.organization?.domain ?? "");
    setTimeZone(me?.organization?.time_zone ?? "");
  }, [me]);

  async function save(event: SubmitEvent) {
    event.preventDefault();
    // The zone is sent when changed: what /me shows is the business's zone, which a first agent's hours may set.
    const zoneChanged = timeZone !== "" && timeZone !== me?.organization?.time_zone;
    const parsed = parseFields(organizationUpdateSchema, { name, domain, time_zone: zoneChanged ? timeZone : undefined });
    await submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api.org.$patch, undefined, parsed.ok ? parsed.data : {}),
      failure: { toast: "Failed to save organization settings." },
      success: { title: "Saved", description: "Your organization's details are updated." },
    });
  }

  const field = (id: "name" | "domain" | "time_zone", label: string, value: string, set: (value: string) => void) => (
    <TextField
      id={`org-${id.replace("_", "-")}`}
      label={label}
      required={id === "name"}
      error={errors[id]}
      value={value}
      onValue={set}
      disabled={pending || !canEdit}
      placeholder={id === "domain" ? "example.com" : undefined}
    />
  );

  return (
    <section className="card panel" aria-labelledby="org-title" id="organization">
      <div className="panel-head">
        <div>
          <h2 id="org-title">Organization</h2>
          <p>{canEdit ? "Your business as callers and your team see it." : "Only owners and admins can change these."}</p>
        </div>
      </div>
      <form className="form form-narrow" noValidate onSubmit={save}>
        <div className="form-row">
          {field("name", "Organization name", name, setName)}
          {field("domain", "Website domain", domain, setDomain)}
        </div>
        {canEdit ? (
          <TimeZoneField
            id="org-time-zone"
            value={timeZone}
            onValue={setTimeZone}
            error={errors.time_zone}
            hint={ORGANIZATION_TIME_ZONE_HINT}
            disabled={pending}
          />
        ) : (
          // A viewer reads the zone; a disabled list would still offer itself as one to choose from.
          field("time_zone", "Time zone", timeZone, setTimeZone)
        )}
        {canEdit && (
          <button type="submit" className="btn btn-primary" disabled={pending} style={{ justifySelf: "start" }}>
            {pending ? "Saving..." : "Save Changes"}
          </button>
        )}
      </form>
    </section>
  );
}
