/**
 * Which calls the model analyses: one rule for the worker's queue, the AI column, the call detail and its actions.
 * A call a machine or fax answered, a screened call (silent, spam) and a call the caller left before Nikki answered
 * (status abandoned) have no conversation to analyse.
 */
import { type AnsweredBy, isMachine } from "./answering-machine";
import type { ProcessingStatus } from "./calls";

interface AnalysableCall {
  answered_by: AnsweredBy | null;
  status?: string;
  outcome?: string;
  screened?: string | null;
}

export const analysable = (call: AnalysableCall): boolean =>
  !isMachine(call.answered_by) && !call.screened && call.outcome !== "silent" && call.outcome !== "spam" && call.status !== "abandoned";

/**
 * A call's AI column: a call never analysed does not read "AI Generated" (a summary it lacks) or "Failed" (nothing
 * failed); one that never reached the AI says it had nothing to process.
 */
export const processingShown = (call: AnalysableCall & { processing_status: ProcessingStatus }) =>
  call.processing_status === "skipped" || call.processing_status === "pending" || analysable(call) ? call.processing_status : "not_analysed";
