import { DurableObject } from "cloudflare:workers";
import { createApp } from "../app";
import { type Bindings, readConfig } from "../env";
import { type LogLevel, createLogger } from "../logger";
import { liveServices } from "../services";
import type { TestSuiteRunnerRpc } from "../rpc/test-suite-runner";
import { runSuiteCall } from "./run";

/**
 * Runs one Test Suite call (keyed by the run's id) for as long as it takes, up to the suite's limit: a Durable Object,
 * because a request may not outlive its response by that long. It talks to the app in-process, as Twilio would.
 */
export class TestSuiteRunner extends DurableObject<Bindings> implements TestSuiteRunnerRpc {
  private running = false;

  async start(runId: string): Promise<void> {
    if (this.running) return;
    this.running = true;
    const config = readConfig(this.env);
    const services = liveServices(this.env, config);
    const app = createApp(liveServices);
    const context = { waitUntil: (promise: Promise<unknown>) => this.ctx.waitUntil(promise), passThroughOnException() {}, props: {} } as ExecutionContext;
    const log = createLogger({ component: "test_suite", run_id: runId }, config.LOG_LEVEL as LogLevel);
    void runSuiteCall({ services, fetch: async (request) => app.fetch(request, this.env, context) }, runId)
      .catch((error: unknown) => log.error("test_suite_crashed", { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        this.running = false;
      });
  }
}
