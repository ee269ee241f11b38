/** What the worker asks of a run's TestSuiteRunner over RPC (Bindings types the namespace with this, not the class, so the environment's types do not reach back into the app it runs). */
export interface TestSuiteRunnerRpc extends Rpc.DurableObjectBranded {
  start(runId: string): Promise<void>;
}
