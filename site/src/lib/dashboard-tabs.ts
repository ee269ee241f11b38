/** The dashboard's tab bar (spec 001 §2). */
export const DASHBOARD_TABS = [
  { href: "/dashboard", label: "Overview" },
  { href: "/dashboard/calls", label: "Calls" },
  { href: "/dashboard/agents", label: "Agents" },
  { href: "/dashboard/numbers", label: "Numbers" },
  { href: "/dashboard/integrations", label: "Integrations" },
  { href: "/dashboard/billing", label: "Billing" },
  { href: "/dashboard/settings", label: "Settings" },
  { href: "/dashboard/test-calls", label: "Test Suite", badge: "New" },
] as const;
