import { canManage, organizationUpdateSchema, parseFields } from "@nikki/core";
import { type SubmitEvent, useEffect, useState } from "react";
import { api, call } from "../../lib/client";
import { useMe } from "../../lib/me";
import { useSubmit } from "../../lib/use-submit";
import { TextField } from "../FormField";
import "../form.css";

/** Settings → Organization: name and domain (spec 001 §3), editable by owners and admins. */
export default function OrganizationSettings() {
  const me = useMe();
  const [name, setName] = useState("");
  const [domain, setDomain] = useState("");
  const { pending, errors, submit } = useSubmit<"name" | "domain">();
  const canEdit = canManage(me?.role);

  useEffect(() => {
    setName(me?.organization?.name ?? "");
    setDomain(me?.organization?.domain ?? "");
  }, [me]);

  async function save(event: SubmitEvent) {
    event.preventDefault();
    const parsed = parseFields(organizationUpdateSchema, { name, domain });
    await submit({
      invalid: parsed.ok ? {} : parsed.fields,
      request: () => call(api.org.$patch, undefined, parsed.ok ? parsed.data : {}),
      failure: { toast: "Failed to save organization settings." },
      success: { title: "Saved", description: "Your organization's details are updated." },
    });
  }

  const field = (id: "name" | "domain", label: string, value: string, set: (value: string) => void) => (
    <TextField
      id={`org-${id}`}
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
        {canEdit && (
          <button type="submit" className="btn btn-primary" disabled={pending} style={{ justifySelf: "start" }}>
            {pending ? "Saving..." : "Save Changes"}
          </button>
        )}
      </form>
    </section>
  );
}
