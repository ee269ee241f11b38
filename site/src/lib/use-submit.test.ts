import { afterEach, describe, expect, it, vi } from "vitest";
import { NETWORK_ERROR } from "./client";
import { answered, pending, refused, unreachable } from "./test-results";
import { currentToasts, dismissToast } from "./toast";
import { type FieldErrors, createSubmitter } from "./use-submit";

type Field = "name" | "phone";

/** A form's submit whose state is a record of what it was told. */
function formOf() {
  const busy: boolean[] = [];
  const errors: FieldErrors<Field>[] = [];
  const submit = createSubmitter<Field>({ setPending: (value) => busy.push(value), setErrors: (value) => errors.push(value) });
  return { submit, busy, errors };
}

afterEach(() => {
  for (const toast of currentToasts()) dismissToast(toast.id);
});

describe("use-submit's error handling", () => {
  it("sends nothing while the form says a field is wrong, and shows why", async () => {
    const { submit, busy, errors } = formOf();
    const request = vi.fn(async () => answered({}));
    expect(await submit({ invalid: { phone: "Enter a phone number." }, request, failure: { toast: "Save failed" } })).toBeNull();
    expect(request).not.toHaveBeenCalled();
    expect(busy).toEqual([]);
    expect(errors).toEqual([{ phone: "Enter a phone number." }]);
  });

  it("maps the server's field errors back onto the fields, tells the form which, and toasts the server's message", async () => {
    const { submit, busy, errors } = formOf();
    const onFieldErrors = vi.fn();
    const fields = { name: "Enter the agent's name." };
    const outcome = await submit({
      request: async () => refused(400, { code: "validation_failed", message: "Please check the highlighted fields.", fields }),
      failure: { toast: "Failed to save agent" },
      onFieldErrors,
    });
    expect(outcome).toBeNull();
    expect(busy).toEqual([true, false]);
    expect(errors).toEqual([{}, fields]);
    expect(onFieldErrors).toHaveBeenCalledWith(fields);
    expect(currentToasts()).toEqual([
      expect.objectContaining({ variant: "destructive", title: "Failed to save agent", description: "Please check the highlighted fields." }),
    ]);
  });

  it("keeps the spec's fallback words when the server said nothing, and hands an alert the network's words", async () => {
    const { submit } = formOf();
    await submit({ request: async () => refused(502), failure: { toast: "Submission failed" } });
    expect(currentToasts().map((toast) => toast.description)).toEqual(["Please try again later"]);
    const show = vi.fn();
    await submit({ request: async () => unreachable, failure: { show, fallback: "Sign-in failed." } });
    expect(show).toHaveBeenCalledWith(NETWORK_ERROR);
    await submit({ request: async () => refused(500), failure: { show, fallback: "Sign-in failed." } });
    expect(show).toHaveBeenLastCalledWith("Sign-in failed.");
  });

  it("ignores a second submit while one is under way, and takes one again once it failed", async () => {
    const { submit } = formOf();
    const slow = pending<{ id: string }>();
    const first = submit({ request: slow.request, failure: { toast: "Save failed" } });
    expect(await submit({ request: async () => answered({ id: "second" }), failure: { toast: "Save failed" } })).toBeNull();
    slow.answer(refused(503, { code: "backend_down", message: "Try again soon." }));
    expect(await first).toBeNull();
    expect(await submit({ request: async () => answered({ id: "third" }), failure: { toast: "Save failed" } })).toEqual({ data: { id: "third" } });
  });

  it("stays busy after a success that leaves the form, and toasts the success made from the answer", async () => {
    const { submit, busy } = formOf();
    const done = await submit({
      request: async () => answered({ name: "Rosa" }),
      failure: { toast: "Save failed" },
      success: (agent) => ({ title: `${agent.name} saved` }),
      staysBusy: true,
    });
    expect(done).toEqual({ data: { name: "Rosa" } });
    expect(busy).toEqual([true]);
    expect(currentToasts()).toEqual([expect.objectContaining({ title: "Rosa saved", variant: "default" })]);
    expect(await submit({ request: async () => answered({ name: "Sam" }), failure: { toast: "Save failed" } })).toBeNull();
  });
});
