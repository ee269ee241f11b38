/** The three script-tag widgets, by the name `data-widgets` and the organization's settings use. */
export const WIDGET_NAMES = ["chat", "test-call", "voice-demo"] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

/** `GET /api/widget/config?key=`: what the loader needs to show an organization's widgets. */
export interface WidgetConfig {
  organization: { name: string };
  /** The organization's colour and the text colour that reads on it. */
  colors: { primary: string; on_primary: string };
  widgets: WidgetName[];
  /**
   * Who the chat speaks as: on a business's site its chat agent and greeting; on this product's own site, the
   * product's copy. The greeting comes signed like every reply, so the chat keeps it as the assistant's words.
   */
  chat: { agent_name: string; greeting: string; signature: string | null };
  /** Where "Contact us" goes: the business's own page from Settings (this product's /contact on its own site). Absent:
   * the chat takes the visitor's name and number as a lead instead. */
  contact_url?: string;
}

export const isWidgetName = (value: unknown): value is WidgetName => WIDGET_NAMES.includes(value as WidgetName);
