/** What the worker asks of an import's KnowledgeImporter over RPC (Bindings types the namespace with this, not the class, so the environment's types do not reach back into what it runs). */
export interface KnowledgeImporterRpc extends Rpc.DurableObjectBranded {
  start(importId: string): Promise<void>;
}
