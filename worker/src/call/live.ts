/**
 * A live call between the planes (issue 56): the media plane hands the control plane each line of the transcript as
 * its speaker finishes it (batched, never waited on), with the response time so far; the control plane hands the media
 * plane an owner's command: a note for the model, or a line the agent says before the call ends or goes to the owner.
 */
import type { LiveFigures } from "./call-metrics";
import type { TranscriptEntry } from "./plan";

export interface LiveBatch {
  /** The stream's segment (absent: 1), as in CallEnd. */
  segment?: number;
  /** The place of `lines[0]` in the segment's transcript: batches that overtake each other still land in order. */
  first: number;
  lines: TranscriptEntry[];
  /** When each line's speaker finished it, as the media plane saw it (epoch ms): the live view's delay is measured from it. */
  done_at: number[];
  /** Null before the model's session (nothing measured yet). */
  latency: LiveFigures | null;
}

export type OwnerCommand =
  /** A system item in the model's conversation, worded and guarded by the control plane. */
  | { kind: "note"; text: string }
  /** The agent stops, answers with `instructions`, then the call ends (end) or is put through to the owner (hand_over). */
  | { kind: "end" | "hand_over"; instructions: string };
