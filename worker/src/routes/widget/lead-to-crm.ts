import { eq } from "drizzle-orm";
import { leads } from "../../db/schema";
import type { Logger } from "../../logger";
import type { Services } from "../../services";

/** A lead the website chat took, sent to the organization's CRM when it has one; its row is marked synced after. */
export async function pushWidgetLead(
  services: Services,
  log: Logger,
  leadId: string,
  lead: { organizationId: string; name: string; phone: string; notes: string | null },
): Promise<void> {
  try {
    const crm = await (await services.providersFor(lead.organizationId)).crm();
    if (!crm) return;
    await crm.push({ name: lead.name, phone: lead.phone, notes: lead.notes, source: "chat" });
    await services.db.update(leads).set({ crmSyncedAt: new Date() }).where(eq(leads.id, leadId));
    log.info("widget_lead_pushed", { provider: crm.provider });
  } catch (error) {
    log.warn("crm_push_failed", { source: "chat", error: error instanceof Error ? error.message : String(error) });
  }
}
