/** The dashboard's tab bar (spec 001 §2). */
export const DASHBOARD_TABS = [
  { href: "/dashboard", label: "Overview" },
  { href: "/dashboard/calls", label: "Calls" },
  { href: "/dashboard/appointments", label: "Appointments" },
  // The business's own leads (calls and its website chat); the product's own contact-form leads are "Sales leads".
  { href: "/dashboard/business-leads", label: "Leads" },
  { href: "/dashboard/knowledge", label: "Knowledge" },
  { href: "/dashboard/agents", label: "Agents", adminOnly: true },
  { href: "/dashboard/numbers", label: "Numbers", adminOnly: true },
  { href: "/dashboard/integrations", label: "Integrations", adminOnly: true },
  { href: "/dashboard/billing", label: "Billing", adminOnly: true },
  { href: "/dashboard/settings", label: "Settings", adminOnly: true },
  { href: "/dashboard/test-calls", label: "Test Suite", badge: "New" },
  { href: "/dashboard/leads", label: "Sales leads", operatorOnly: true },
] as const;
