import type { Lead } from "@nikki/core";
import type { leads } from "../../db/schema";

/** The row a validated lead-form submission is stored as. */
export function formLeadValues(lead: Lead, sourcePage: string | null): typeof leads.$inferInsert {
  return {
    name: lead.name,
    phone: lead.phone,
    email: lead.email ?? null,
    intent: lead.intent ?? null,
    notes: lead.notes ?? null,
    desiredDateTime: lead.desired_date_time ?? null,
    sourcePage,
    source: "form",
  };
}
