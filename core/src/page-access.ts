/**
 * Dashboard pages for owners and admins only (`canManage()`; the server's `access("admin")` is the rule): opened by
 * address by a viewer, such a page says so plainly, with no action and no error, instead of loading what the server
 * refuses (issue 54 §9).
 */
export const RESTRICTED_PAGES = {
  agents: "Only owners and admins manage agents.",
  numbers: "Only owners and admins manage numbers.",
  integrations: "Only owners and admins manage integrations.",
  billing: "Only owners and admins see the plan and billing.",
  health: "Only owners and admins run these checks.",
} as const;

export type RestrictedPage = keyof typeof RESTRICTED_PAGES;

/** What a member who may not use a page reads under its message, and where they may go instead. */
export const PAGE_ACCESS_COPY = {
  viewer: (organization: string) =>
    `You have view-only access to ${organization}: you can read calls, appointments, leads, knowledge and Test Suite runs. Ask an owner or admin to change anything here.`,
  back: "Go to Overview",
  /** Settings › Your data, for an admin: the owner alone downloads everything or closes the organization. */
  dataRightsOwnerOnly: "Only the owner can download all of your organization's data or close it.",
} as const;
