import { useState } from "react";
import { type ApiResult, messageOf } from "./client";
import { type ToastInput, toast } from "./toast";

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface Submission<T, Field extends string> {
  /** What the form found wrong before sending: any message here and nothing is sent. */
  invalid?: FieldErrors<Field>;
  request(): Promise<ApiResult<T>>;
  /** When it fails: a destructive toast with this title, or the message handed to the form (an alert). */
  failure: { toast: string; fallback?: string } | { show(message: string): void; fallback: string };
  /** The toast after success, if any: fixed, or made from the answer. */
  success?: ToastInput | ((data: T) => ToastInput);
  /** Told the server's field errors too (a wizard opens the step that holds the first). */
  onFieldErrors?(fields: Record<string, string>): void;
  /** Keep the form disabled after success (it navigates away or swaps in a success state). */
  staysBusy?: boolean;
}

/** Where a submission's progress goes: the form's state. */
export interface SubmitState<Field extends string> {
  setPending(pending: boolean): void;
  setErrors(errors: FieldErrors<Field>): void;
}

/**
 * The one submit sequence of the site's forms: check, disable, call, map the envelope's field errors back to
 * the fields, tell the user (toast or alert), re-enable. Answers `{data}` on success, or null when nothing
 * came of it; a second submit while one is under way is ignored.
 */
export function createSubmitter<Field extends string>(state: SubmitState<Field>) {
  let inFlight = false;
  return async function submit<T>(submission: Submission<T, Field>): Promise<{ data: T } | null> {
    if (inFlight) return null;
    const invalid = submission.invalid ?? {};
    state.setErrors(invalid);
    if (Object.values(invalid).some(Boolean)) return null;
    inFlight = true;
    state.setPending(true);
    const result = await submission.request();
    if (!result.ok || !submission.staysBusy) {
      inFlight = false;
      state.setPending(false);
    }
    if (!result.ok) {
      if (result.error?.fields) {
        state.setErrors(result.error.fields as FieldErrors<Field>);
        submission.onFieldErrors?.(result.error.fields);
      }
      const { failure } = submission;
      // Toasts keep the spec's own fallback words ("Please try again later") when the server said nothing.
      if ("toast" in failure)
        toast({ variant: "destructive", title: failure.toast, description: result.error?.message ?? failure.fallback ?? "Please try again later" });
      else failure.show(messageOf(result, failure.fallback));
      return null;
    }
    const { success } = submission;
    if (success) toast(typeof success === "function" ? success(result.data) : success);
    return { data: result.data };
  };
}

/** A form's submit (createSubmitter) with its pending state and field errors. */
export function useSubmit<Field extends string = string>() {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submit] = useState(() => createSubmitter<Field>({ setPending, setErrors }));
  return { pending, errors, setErrors, submit };
}
