import { afterEach, describe, expect, it } from "vitest";
import { type ApiResult, NETWORK_ERROR } from "./client";
import { answered, pending, refused, unreachable } from "./test-results";
import { currentToasts, dismissToast } from "./toast";
import { createLoader } from "./use-resource";

const FAILURE = "Failed to load agents";

/** A loader whose state is a record of what it was told, in order. */
function loaderOf() {
  const shown: string[] = [];
  const failed: boolean[] = [];
  const loader = createLoader<string>({ setData: (data) => shown.push(data), setFailed: (value) => failed.push(value) });
  const load = (request: () => Promise<ApiResult<string>>) => loader.load(request, (answer) => answer, FAILURE);
  return { loader, load, shown, failed };
}

afterEach(() => {
  for (const toast of currentToasts()) dismissToast(toast.id);
});

describe("use-resource's loader: one answer at a time", () => {
  it("keeps the newer read's answer when an older read answers after it", async () => {
    const { load, shown } = loaderOf();
    const older = pending<string>();
    const newer = pending<string>();
    const first = load(older.request);
    const second = load(newer.request);
    newer.answer(answered("Rosa and Sam"));
    await second;
    older.answer(answered("Rosa"));
    await first;
    expect(shown).toEqual(["Rosa and Sam"]);
  });

  it("drops an older read's answer even when it comes first: a newer read had started", async () => {
    const { load, shown } = loaderOf();
    const older = pending<string>();
    const newer = pending<string>();
    const first = load(older.request);
    const second = load(newer.request);
    older.answer(answered("Rosa"));
    await first;
    newer.answer(answered("Rosa and Sam"));
    await second;
    // Nothing newer had answered yet, but the newer read was asked for what the page shows now (a filter changed).
    expect(shown).toEqual(["Rosa and Sam"]);
  });

  it("does not say an older read's failure over a newer read's answer", async () => {
    const { load, shown, failed } = loaderOf();
    const older = pending<string>();
    const newer = pending<string>();
    const first = load(older.request);
    const second = load(newer.request);
    newer.answer(answered("Rosa"));
    await second;
    older.answer(refused(500, { code: "not_found", message: "Gone" }));
    await first;
    expect(shown).toEqual(["Rosa"]);
    expect(failed).toEqual([false, false]);
    expect(currentToasts()).toEqual([]);
  });

  it("drops the answers of reads under way once told to forget them (what they were read for changed)", async () => {
    const { loader, load, shown } = loaderOf();
    const forMonday = pending<string>();
    const reading = load(forMonday.request);
    loader.forget();
    forMonday.answer(answered("Monday's times"));
    await reading;
    expect(shown).toEqual([]);
  });

  it("says a failure with the server's words once while alike failures show, and the network's when there was no answer", async () => {
    const { load, failed } = loaderOf();
    await load(async () => refused(503, { code: "backend_down", message: "Our servers are busy." }));
    await load(async () => refused(503, { code: "backend_down", message: "Our servers are busy." }));
    expect(failed).toEqual([false, true, false, true]);
    expect(currentToasts()).toEqual([expect.objectContaining({ title: FAILURE, description: "Our servers are busy.", variant: "destructive", count: 1 })]);
    await load(async () => unreachable);
    expect(currentToasts().map((toast) => toast.description)).toEqual(["Our servers are busy.", NETWORK_ERROR]);
  });
});
