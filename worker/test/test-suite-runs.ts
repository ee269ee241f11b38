import type { TestRunResource } from "@nikki/core";
import { type SignedUp, call } from "./accounts";

/** A Test Suite run once it has finished (or after a minute, as it was then). */
export async function finishedRun(who: SignedUp, id: string): Promise<TestRunResource> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { test_run } = (await (await call(`/api/test-suite/runs/${id}`, { cookie: who.cookie })).json()) as { test_run: TestRunResource };
    if (test_run.status !== "running" || Date.now() > deadline) return test_run;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
