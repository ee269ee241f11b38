import * as z from "zod/mini";
import { pageMarkerSchema } from "./page-marker";

/** A lead of the product's own contact form, as the operators' list shows it. */
export interface OperatorLead {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  intent: string | null;
  notes: string | null;
  desired_date_time: string | null;
  source_page: string | null;
  created_at: string;
}

export const OPERATOR_LEAD_COLUMNS = ["created_at", "name", "phone", "email", "intent", "desired_date_time", "notes", "source_page", "id"] as const;

export const operatorLeadsQuerySchema = z.strictObject({
  q: z.optional(z.string("Search for a name, phone, e-mail or need.").check(z.trim(), z.maxLength(100, "Search for at most 100 characters."))),
  cursor: pageMarkerSchema,
});

export const OPERATOR_LEADS_MESSAGES = {
  empty: "No leads yet. Leads from the contact form appear here as they arrive.",
  noMatch: "No leads match that search.",
  loadFailed: "Failed to load leads",
  mailSubject: (name: string) => `New lead: ${name}`,
  /** Said to a member of a business who opens the operators' page: what it is, and where their own leads are. */
  notOperator: "This page is Nikki AI's own: the people who asked Nikki AI about the product. Your business's callers and leads are on your Leads page.",
  yourLeads: "Open your Leads",
  yourLeadsHref: "/dashboard/business-leads",
} as const;
