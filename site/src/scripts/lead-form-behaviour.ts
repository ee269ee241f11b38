import { type LeadField, type LeadInput, TIMINGS, validateLead } from "@nikki/core";
import { api, call } from "../lib/client";
import { toast } from "../lib/toast";

type Values = Required<Omit<LeadInput, "source_page">>;
type Errors = Partial<Record<LeadField, string>>;

/** The fields in the form's order: the first invalid one takes the focus. */
const FIELDS = ["name", "phone", "email", "intent", "notes", "desired_date_time"] as const;

/**
 * The behaviour of spec 000 §4-§5 on one lead form (components/LeadForm.astro), loaded by scripts/lead-form.ts: the
 * spec's message under each invalid field, rechecked on every change after the first attempt; the form disabled and
 * the button reading "Submitting..." while it is sent; the failure toast with every field kept; on success the
 * success state and toast, then /thank-you?lead={id} two seconds later (or the form emptied again and `doneEvent`
 * raised on it).
 */
export function mountLeadFormBehaviour(form: HTMLFormElement, doneEvent: string) {
  const fieldset = form.querySelector("fieldset")!;
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const control = (field: LeadField) => form.elements.namedItem(field) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  const values = () => Object.fromEntries(FIELDS.map((field) => [field, control(field).value])) as Values;
  let attempted = false;
  let sending = false;

  function showErrors(errors: Errors) {
    for (const field of FIELDS) {
      const input = control(field);
      const errorId = `${input.id}-error`;
      document.getElementById(errorId)?.remove();
      const message = errors[field];
      if (!message) {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
        continue;
      }
      const error = document.createElement("p");
      error.className = "field-error";
      error.id = errorId;
      error.textContent = message;
      input.closest(".field")!.append(error);
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", errorId);
    }
  }

  const check = (next: Values): Errors => {
    const result = validateLead(next);
    return result.ok ? {} : result.fields;
  };

  function setPending(pending: boolean) {
    fieldset.disabled = pending;
    form.setAttribute("aria-busy", String(pending));
    button.textContent = pending ? "Submitting..." : (form.dataset.submitLabel ?? "");
  }

  function showSuccess(): HTMLElement {
    const success = document.createElement("div");
    success.className = "lead-success";
    success.setAttribute("role", "status");
    success.innerHTML =
      '<div class="lead-success-icon" aria-hidden="true">✓</div><h3>Success!</h3>' +
      "<p>Thank you for reaching out. Our team will contact you within 24 hours.</p>";
    form.style.display = "none";
    form.after(success);
    return success;
  }

  form.addEventListener("input", () => {
    if (attempted) showErrors(check(values()));
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    attempted = true;
    const current = values();
    const found = check(current);
    showErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      control(firstInvalid).focus();
      return;
    }
    sending = true;
    setPending(true);
    const result = await call(api.leads.$post, undefined, { ...current, source_page: window.location.pathname });
    if (!result.ok) {
      sending = false;
      setPending(false);
      if (result.error?.fields) showErrors(result.error.fields as Errors);
      toast({ variant: "destructive", title: "Submission failed", description: result.error?.message ?? "Please try again later" });
      return;
    }
    toast({ title: "Thank you!", description: "We've received your information and will contact you shortly." });
    const success = showSuccess();
    const { id } = result.data;
    setTimeout(() => {
      if (form.dataset.redirect !== undefined && id) {
        window.location.assign(`/thank-you?lead=${encodeURIComponent(id)}`);
        return;
      }
      form.reset();
      showErrors({});
      attempted = false;
      sending = false;
      setPending(false);
      success.remove();
      form.style.display = "";
      form.dispatchEvent(new Event(doneEvent));
    }, TIMINGS.leadRedirectMs);
  });
}
