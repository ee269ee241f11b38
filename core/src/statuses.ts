import type { AppointmentSource, AppointmentStatus } from "./appointments";
import type { CALL_STATUSES, CallOutcome, ProcessingStatus } from "./calls";
import type { SubscriptionBadge } from "./billing-terms";

/** How a status reads at a glance: the dashboard gives each tone one colour. */
export type StatusTone = "positive" | "attention" | "neutral" | "negative" | "accent";

export interface StatusLook {
  label: string;
  tone: StatusTone;
}

const look = (label: string, tone: StatusTone): StatusLook => ({ label, tone });

/**
 * Every status the dashboard shows as a badge, with its label and tone: the one map (agents, numbers, integrations,
 * calls and their analysis, appointments and how they were made, invoices, subscriptions, test runs, endpoint checks,
 * roles, two-factor).
 */
export const STATUS_LOOKS = {
  agent: { active: look("Active", "positive"), inactive: look("Inactive", "neutral") },
  number: { active: look("Active", "positive"), inactive: look("Inactive", "neutral"), unassigned: look("Unassigned", "neutral") },
  integration: {
    "Not Configured": look("Not Configured", "neutral"),
    Configured: look("Configured", "attention"),
    Verified: look("Verified", "positive"),
    Failed: look("Failed", "negative"),
  },
  call: {
    "in-progress": look("In progress", "attention"),
    completed: look("Completed", "positive"),
    abandoned: look("Abandoned", "neutral"),
    busy: look("Busy", "neutral"),
    "no-answer": look("No answer", "neutral"),
    failed: look("Failed", "negative"),
    canceled: look("Canceled", "neutral"),
  } satisfies Record<(typeof CALL_STATUSES)[number], StatusLook>,
  callKind: { conversation: look("Conversation", "neutral"), voicemail: look("Voicemail", "neutral"), test: look("Test Suite", "neutral") },
  callOutcome: {
    appointment: look("Appointment", "positive"),
    lead: look("Lead", "positive"),
    info: look("Info", "neutral"),
    hangup: look("Hangup", "neutral"),
    voicemail: look("Voicemail", "neutral"),
    silent: look("Silent", "neutral"),
    spam: look("Spam", "negative"),
    in_progress: look("In progress", "attention"),
    test_call: look("Call ended", "neutral"),
  } satisfies Record<CallOutcome, StatusLook>,
  text: { sent: look("Sent", "positive"), refused: look("Not sent", "attention"), failed: look("Failed", "negative") },
  callFlag: { after_hours: look("After hours", "attention"), returning: look("Returning caller", "positive"), test_call: look("Test call", "accent") },
  processing: {
    pending: look("Processing...", "attention"),
    processed: look("AI Generated", "positive"),
    failed: look("Failed", "negative"),
    // The call never reached the AI (abandoned while it connected, never answered): stored so.
    skipped: look("Nothing to process", "neutral"),
    // A placed call a machine answered, a silent or spam call: never asked of the AI (answering-machine.ts, screening.ts).
    not_analysed: look("No analysis needed", "neutral"),
  } satisfies Record<ProcessingStatus | "not_analysed", StatusLook>,
  appointment: { booked: look("Booked", "positive"), canceled: look("Canceled", "neutral") } satisfies Record<AppointmentStatus, StatusLook>,
  appointmentSource: {
    call: look("Call", "neutral"),
    manage_page: look("Manage page", "neutral"),
    dashboard: look("By hand", "neutral"),
  } satisfies Record<AppointmentSource, StatusLook>,
  invoice: {
    paid: look("Paid", "positive"),
    open: look("Open", "attention"),
    draft: look("Draft", "neutral"),
    void: look("Void", "neutral"),
    uncollectible: look("Uncollectible", "negative"),
  },
  subscription: {
    trial: look("Trial", "attention"),
    active: look("Active", "positive"),
    // A plan chosen during the free trial: Stripe keeps it trialing, nothing charged until the trial's end.
    trialing: look("Free trial", "positive"),
    past_due: look("Payment failed", "negative"),
    none: look("No Subscription", "neutral"),
  } satisfies Record<SubscriptionBadge["status"], StatusLook>,
  testRun: { running: look("Running", "attention"), passed: look("Passed", "positive"), failed: look("Failed", "negative") },
  testStep: {
    running: look("Running", "attention"),
    success: look("Success", "positive"),
    error: look("Error", "negative"),
    warning: look("Warning", "attention"),
  },
  probe: {
    "Not Tested": look("Not Tested", "neutral"),
    "Checking...": look("Checking...", "attention"),
    Healthy: look("Healthy", "positive"),
    "Not set (optional)": look("Not set (optional)", "neutral"),
    Error: look("Error", "negative"),
  },
  role: { owner: look("owner", "accent"), admin: look("admin", "neutral"), viewer: look("viewer", "neutral") },
  twoFactor: { on: look("On", "positive"), off: look("Off", "neutral") },
} as const;

export type StatusKind = keyof typeof STATUS_LOOKS;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS_LOOKS)[K];

/** A status's label and tone; one the map does not know (a new Stripe invoice status) reads as itself, neutral. */
export function statusLook<K extends StatusKind>(kind: K, status: StatusOf<K> | (string & {})): StatusLook {
  const looks: Record<string, StatusLook> = STATUS_LOOKS[kind];
  return looks[status as string] ?? look(String(status), "neutral");
}
