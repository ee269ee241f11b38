import type { KnowledgeQuestion } from "@nikki/core";
import { dashboardReader } from "./dashboard-reader";
import { type CallScenario, describeCall } from "./scenario";

/** A question the demo agent's knowledge does not answer (issue 39 §4), then the caller's details. */
const CALLER_SAYS = ["Hi, do you have parking for customers?", "I'm Sam Lee, my number is +1 415 555 0142."];

export const unanswered: CallScenario = {
  name: "unanswered",
  summary: "asks what the agent's knowledge does not say: Nikki says she does not know, and the question lands in Knowledge's Questions to answer",
  async run(context) {
    const dashboard = await dashboardReader(context.baseUrl);
    context.log(`The caller asks: "${CALLER_SAYS[0]}"`);
    const report = await context.place({ says: CALLER_SAYS, bargeInAfterMs: 3_000, minDurationMs: 12_000 });
    context.log(describeCall(report));
    if (!report.callId || report.voicemail) return;
    const detail = await dashboard.analysed(report.callId);
    for (const entry of detail.transcript) context.log(`  ${entry.role === "user" ? "Caller" : "Nikki"}: ${entry.content}`);
    const { questions } = await dashboard.read<{ questions: KnowledgeQuestion[] }>("/api/knowledge/questions");
    const asked = questions.filter((question) => question.call_ids.includes(report.callId ?? ""));
    if (asked.length === 0)
      context.log(
        detail.processing_status === "processed"
          ? "No question left open: Nikki answered it (the knowledge had the answer, or you answered it in Knowledge)."
          : `The call (${detail.processing_status}) left no open question yet: its analysis has not finished.`,
      );
    for (const question of asked)
      context.log(
        `Questions to answer: "${question.text}" asked ${question.count} time(s); suggested answer: ${question.suggested_answer ?? "none (the knowledge does not say)"}`,
      );
    context.log("Answer it in the dashboard: /dashboard/knowledge");
  },
};
