import type { mountLeadFormBehaviour } from "./lead-form-behaviour";

/** Raised on a form without `data-redirect` once its success has shown and it is empty again. */
export const LEAD_FORM_DONE = "lead-form:done";

/** Forms enabled before their behaviour arrived. */
const waiting: HTMLFormElement[] = [];
let mountBehaviour: typeof mountLeadFormBehaviour | undefined;
let loading: Promise<void> | undefined;

/**
 * Every `[data-lead-form]` of the page (components/LeadForm.astro) is enabled at once; its behaviour
 * (scripts/lead-form-behaviour.ts: the checks, the API client and the toasts, about 15 KB gzip in four chained
 * requests) is fetched at a form's first focus, so a page's load never runs it: a visitor who never touches the form
 * (most of them, and every one on the home page, where it waits in a closed dialog) costs the phone nothing for it.
 * A submit that comes before it arrived waits for it and then goes through it, never as the browser's own GET.
 */
export function mountLeadForms() {
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-lead-form]:not([data-mounted])")) mount(form);
}

function mount(form: HTMLFormElement) {
  form.dataset.mounted = "";
  if (mountBehaviour) mountBehaviour(form, LEAD_FORM_DONE);
  else {
    waiting.push(form);
    form.addEventListener("submit", holdSubmit);
    form.addEventListener("focusin", () => void loadBehaviour(), { once: true });
  }
  form.querySelector("fieldset")!.disabled = false;
}

function holdSubmit(event: SubmitEvent) {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  // Once loaded the form's own listener is in place; a failed load leaves the next submit to try again.
  void loadBehaviour().then(() => mountBehaviour && form.requestSubmit());
}

function loadBehaviour() {
  loading ??= import("./lead-form-behaviour").then(
    (module) => {
      mountBehaviour = module.mountLeadFormBehaviour;
      for (const form of waiting.splice(0)) {
        form.removeEventListener("submit", holdSubmit);
        mountBehaviour(form, LEAD_FORM_DONE);
      }
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}
