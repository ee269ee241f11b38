/** The three script-tag widgets, by the name `data-widgets` and the organization's settings use. */
export const WIDGET_NAMES = ["chat", "test-call", "voice-demo"] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

/** `GET /api/widget/config?key=`: what the loader needs to show an organization's widgets. */
export interface WidgetConfig {
  organization: { name: string };
  /** The organization's colour and the text colour that reads on it. */
  colors: { primary: string; on_primary: string };
  widgets: WidgetName[];
  contact_url: string;
}

export const isWidgetName = (value: unknown): value is WidgetName => WIDGET_NAMES.includes(value as WidgetName);
