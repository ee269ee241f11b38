/** The Test Suite's runs (spec 001 §9) and what their calls would have done outside a test. */
import { TEST_EXPECTATIONS, TEST_SCENARIO_IDS } from "@nikki/core";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, createdAt } from "./columns";
import { organizations, users } from "./accounts";
import { calls } from "./calls";

export const testRuns = sqliteTable(
  "test_runs",
  {
    id: id(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    scenario: text("scenario", { enum: TEST_SCENARIO_IDS }).notNull(),
    /** The caller's lines and what must be true, as run (the custom scenario and the knowledge may change later); "info": a run from before expectations. */
    lines: text("lines").notNull(),
    expect: text("expect", { enum: [...TEST_EXPECTATIONS, "info"] }).notNull(),
    /** What the agent must say, for "says" (the knowledge scenario's price, or the business's phrase). */
    phrase: text("phrase"),
    status: text("status", { enum: ["running", "passed", "failed"] })
      .notNull()
      .default("running"),
    /** JSON list of steps ({key, label, status, detail}), written as the run goes. */
    steps: text("steps").notNull().default("[]"),
    verdict: text("verdict"),
    /** The synthetic call's CallSid, known before its webhook, so the webhook can tell it is a test. */
    callSid: text("call_sid").notNull().unique(),
    callId: text("call_id").references(() => calls.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("test_runs_org_created_idx").on(t.organizationId, t.createdAt)],
);

/** A text, CRM push, booking, transfer or alert a Test Suite call would have made: recorded instead of done. */
export const testRunEffects = sqliteTable(
  "test_run_effects",
  {
    id: id(),
    callId: text("call_id")
      .notNull()
      .references(() => calls.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    detail: text("detail").notNull(),
    /** What the verdict reads beside the words (JSON): the slots offered, the slot a booking validated. */
    data: text("data"),
    createdAt: createdAt(),
  },
  (t) => [index("test_run_effects_call_idx").on(t.callId)],
);
