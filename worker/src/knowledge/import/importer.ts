import { IMPORT_MESSAGES } from "@nikki/core";
import { DurableObject } from "cloudflare:workers";
import { type Bindings, readConfig } from "../../env";
import { type LogLevel, createLogger } from "../../logger";
import { liveServices } from "../../services";
import type { KnowledgeImporterRpc } from "../../rpc/knowledge-importer";
import { markImportFailed, runImport } from "./run";
import { websiteReader } from "./website-reader-client";

/**
 * Runs one website import (keyed by its id) in the background: a Durable Object's alarm, because an import may take
 * minutes (50 pages of up to 10 s each) and neither a request nor its waitUntil may outlive its response that long,
 * while an alarm may run for 15. Progress is written to the import's row as it goes; the dashboard polls it.
 */
export class KnowledgeImporter extends DurableObject<Bindings> implements KnowledgeImporterRpc {
  async start(importId: string): Promise<void> {
    await this.ctx.storage.put("import_id", importId);
    await this.ctx.storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    const importId = await this.ctx.storage.get<string>("import_id");
    if (!importId) return;
    const config = readConfig(this.env);
    const services = liveServices(this.env, config);
    try {
      await runImport(services.db, websiteReader(this.env.WEBSITE_READER, config.AUTH_SECRET ?? ""), importId);
    } catch (error) {
      createLogger({ component: "knowledge_import", import_id: importId }, config.LOG_LEVEL as LogLevel).error("knowledge_import_crashed", {
        error: error instanceof Error ? error.message : String(error),
      });
      await markImportFailed(services.db, importId, IMPORT_MESSAGES.stopped);
    }
    await this.ctx.storage.deleteAll();
  }
}
