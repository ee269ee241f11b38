/** The site's navigation (spec 000 §2 "Shared chrome"), shared by the header and the footer. */
export interface NavLink {
  href: string;
  label: string;
}

export const SOLUTIONS: NavLink[] = [
  { href: "/solutions/ai-receptionist", label: "AI Receptionist" },
  { href: "/solutions/after-hours", label: "After Hours" },
  { href: "/solutions/bilingual", label: "Bilingual Support" },
];

export const RESOURCES: NavLink[] = [
  { href: "/blog", label: "Blog" },
  { href: "/health", label: "System Health" },
];

export const PRIMARY: NavLink[] = [
  { href: "/pricing", label: "Pricing" },
  { href: "/demos", label: "Demos" },
  { href: "/contact", label: "Contact" },
  { href: "/security", label: "Security" },
];

export const QUICK_LINKS: NavLink[] = [...PRIMARY, ...RESOURCES];

/** Spec 000 §2: the legal pages and the social icons all lead to /contact. */
export const LEGAL: NavLink[] = [
  { href: "/contact", label: "Privacy Policy" },
  { href: "/contact", label: "Terms of Service" },
  { href: "/contact", label: "Cookie Policy" },
];
