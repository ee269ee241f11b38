import { AGENT_DEFAULTS, type SignupInput, TIME_ZONE_HINT, localTimeZone, parseFields, signupSchema } from "@nikki/core";
import { type SubmitEvent, useEffect, useId, useState } from "react";
import { type DataOf, api, call } from "../../lib/client";
import { useHydrated } from "../../lib/use-hydrated";
import { useSubmit } from "../../lib/use-submit";
import { FormAlert, TextField, TimeZoneField } from "../FormField";
import GoogleButton from "./GoogleButton";
import InvitationCode from "./InvitationCode";
import "../form.css";

type Values = { firstName: string; lastName: string; email: string; company: string; password: string; time_zone: string };
type Field = keyof Values;

type Invitation = DataOf<(typeof api.invitations)[":id"]["$get"]>["invitation"];

/** /signup (spec 000 §2): the account and its organization; from an invitation, joins that organization. */
export default function SignupForm() {
  const [values, setValues] = useState<Values>({ firstName: "", lastName: "", email: "", company: "", password: "", time_zone: "" });
  const { pending, errors, setErrors, submit: send } = useSubmit<Field>();
  const [alert, setAlert] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [invitationId, setInvitationId] = useState<string | null>(null);
  const [invitationToken, setInvitationToken] = useState<string | null>(null);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [codeStep, setCodeStep] = useState<{ emailed: boolean } | null>(null);
  const hydrated = useHydrated();
  const uid = useId();
  const id = (field: Field) => `${uid}-${field}`;

  useEffect(() => {
    // The browser's zone, proposed once the page runs here (the server's HTML cannot know it, so it shows none).
    const local = localTimeZone() ?? AGENT_DEFAULTS.timezone;
    setValues((current) => ({ ...current, time_zone: current.time_zone || local }));
    const query = new URLSearchParams(window.location.search);
    const fromUrl = query.get("invitation");
    if (!fromUrl) return;
    setInvitationId(fromUrl);
    setInvitationToken(query.get("token"));
    // Joining a team is not a free trial: the card's lede says what this page is for an invited person, once.
    const title = document.querySelector("[data-auth-title]");
    const lede = document.querySelector("[data-auth-lede]");
    if (title) title.textContent = "Join your team";
    if (lede) lede.textContent = "Create your account to accept the invitation.";
    document.title = `Join your team | Nikki AI`;
    void call(api.invitations[":id"].$get, { param: { id: fromUrl } }).then((result) => {
      if (result.ok && result.data.invitation.status === "pending") {
        setInvitation(result.data.invitation);
        const lede = document.querySelector("[data-auth-lede]");
        if (lede) lede.textContent = `Create your account to join ${result.data.invitation.organization_name} as ${result.data.invitation.role}.`;
        setValues((current) => ({ ...current, email: result.data.invitation.email }));
      } else {
        setAlert("This invitation is invalid or has expired. Ask your administrator for a new one.");
      }
    });
  }, []);

  const payload = (next: Values): SignupInput => ({
    ...next,
    company: invitationId ? undefined : next.company,
    time_zone: invitationId ? undefined : next.time_zone,
    invitationId: invitationId ?? undefined,
    invitationToken: invitationToken ?? undefined,
  });
  const check = (next: Values) => {
    const parsed = parseFields(signupSchema, payload(next));
    return parsed.ok ? {} : parsed.fields;
  };

  // From what is current, not what this render saw: the invitation's e-mail may have come in between (it is
  // read-only, so a keystroke that wiped it would leave the form stuck).
  function change(name: Field, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
  }
  useEffect(() => {
    if (attempted) setErrors(check(values));
  }, [values]);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    setAttempted(true);
    setAlert(null);
    const created = await send({
      invalid: check(values),
      request: () => call(api.account.signup.$post, undefined, payload(values)),
      failure: { show: setAlert, fallback: "We couldn't create your account. Please try again." },
      staysBusy: true,
    });
    if (!created) return;
    // From an invitation without the e-mail's token, the account exists but joining waits for the code e-mailed to the address.
    if ("verification_required" in created.data) setCodeStep({ emailed: created.data.emailed });
    else window.location.assign("/dashboard");
  }

  const field = (name: Field, label: string, type: string, autoComplete: string, extra: { readOnly?: boolean; hint?: string } = {}) => (
    <TextField
      id={id(name)}
      name={name}
      label={label}
      required
      error={errors[name]}
      value={values[name]}
      onValue={(value) => change(name, value)}
      type={type}
      autoComplete={autoComplete}
      disabled={pending}
      {...extra}
    />
  );

  if (codeStep && invitation && invitationId)
    return <InvitationCode invitationId={invitationId} email={invitation.email} organization={invitation.organization_name} emailed={codeStep.emailed} />;
  return (
    <form className="form" noValidate onSubmit={submit}>
      <fieldset className="form-fields" disabled={!hydrated}>
        <div className="form-row">
          {field("firstName", "First name", "text", "given-name")}
          {field("lastName", "Last name", "text", "family-name")}
        </div>
        {field("email", "Email", "email", "email", { readOnly: Boolean(invitation) })}
        {!invitationId && field("company", "Company name", "text", "organization")}
        {!invitationId && (
          <TimeZoneField
            id={id("time_zone")}
            value={values.time_zone}
            onValue={(value) => change("time_zone", value)}
            error={errors.time_zone}
            hint={TIME_ZONE_HINT}
            disabled={pending}
          />
        )}
        {field("password", "Password", "password", "new-password", { hint: "Min. 8 characters" })}
        <FormAlert>{alert}</FormAlert>
        <button type="submit" className="btn btn-primary btn-block" disabled={pending || (!invitationId && !values.time_zone)}>
          {pending ? "Creating your account..." : invitation ? "Create Account and Join" : "Start Free Trial"}
        </button>
        {!invitationId && (
          <>
            <p className="form-divider">or</p>
            <GoogleButton label="Sign up with Google" callbackPath="/dashboard" />
          </>
        )}
        <p className="form-note">
          By signing up you agree to our <a href="/contact">Terms of Service</a> and <a href="/contact">Privacy Policy</a>.
        </p>
        <p className="form-note">
          Already have an account?{" "}
          <a
            href={
              invitationId
                ? `/login?redirect=${encodeURIComponent(`/invite?id=${invitationId}${invitationToken ? `&token=${invitationToken}` : ""}`)}`
                : "/login"
            }
          >
            Sign in
          </a>
        </p>
      </fieldset>
    </form>
  );
}
