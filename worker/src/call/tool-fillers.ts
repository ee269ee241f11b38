/**
 * No dead air while a tool runs (issue 37 §2), pure: times in, Realtime events out. When a tool the model called has
 * not answered within FILLER_AFTER_MS, the caller hears a short line in the agent's voice and language (core's
 * TOOL_FILLERS); if it is still running SECOND_FILLER_AFTER_MS after that, a second one; never more than two per
 * tool call, never while the caller speaks, never over audio already playing.
 *
 * How a filler is spoken: an out-of-band response (`response.create` with `conversation: "none"`, no input, no tools)
 * told to say the line word for word. It is in the session's voice, and it adds nothing to the model's conversation,
 * so the model answers the tool's output as if nothing had been said meanwhile. It is asked for FILLER_LEAD_MS early,
 * so the model's time to first audio is spent while the tool still runs; its audio is held until the filler is due,
 * and dropped (the response cancelled by id, as an out-of-band response must be) when the tool answers first.
 *
 * The tool's answer never overlaps a filler: its `response.create` waits for the filler's `response.done` (the rest
 * of the filler's audio is then queued at Twilio, and the answer plays after it). A filler that was heard stays in
 * the call's transcript, as the caller heard it; one that was not heard leaves no line there.
 */
import type { RealtimeClientEvent } from "openai/resources/realtime/realtime";
import { sayExactly } from "./say-exactly";

/** A tool that has not answered this long after it was called gets the first filler. */
export const FILLER_AFTER_MS = 700;
/** Still running this long after the first filler was heard: the second. */
export const SECOND_FILLER_AFTER_MS = 2_000;
/** A filler is asked of the model this long before it is due: about a live model's time to its first audio. */
export const FILLER_LEAD_MS = 400;
/** At most this many fillers per tool call. */
export const MAX_FILLERS = 2;
/** A filler due while other audio plays waits for it to end, then this much more (a breath, not back to back). */
export const FILLER_PAUSE_MS = 500;
/** How often a due filler looks again whether the audio before it has played out. */
const RECHECK_MS = 100;
/** How the names of the marks that follow a filler's audio begin (others begin with "m"). */
export const FILLER_MARK_PREFIX = "filler-";
/** Tools that get no filler: ending the call says goodbye instead. */
const NO_FILLER = new Set(["end_call"]);

export type FillerAction =
  | { kind: "openai"; event: RealtimeClientEvent }
  /** Audio of a filler, held until it was due: forward it now. */
  | { kind: "filler_audio"; itemId: string; delta: string }
  /** A filler's words, once it was heard: for the transcript. */
  | { kind: "filler_transcript"; text: string }
  /** Call onWake() at this time (the latest such action replaces any earlier one). */
  | { kind: "wake"; at: number };

/** What the bridge knows about the line when a filler comes due. */
export interface LineState {
  callerSpeaking: boolean;
  audioPlaying: boolean;
}

interface Filler {
  /** Its number in the call, in the response's metadata: how its response.created is recognised. */
  seq: number;
  line: string;
  dueAt: number;
  requested: boolean;
  responseId: string | null;
  /** Held audio and its transcript, until it is due. */
  held: { itemId: string; delta: string }[];
  transcript: string | null;
  released: boolean;
  cancelled: boolean;
  done: boolean;
  /** It came due while other audio played: it is due again FILLER_PAUSE_MS after that audio ends. */
  waitingForQuiet: boolean;
}

export class ToolFillers {
  /** The tools still running, by call id. */
  private readonly running = new Set<string>();
  /** The next filler of the current wait (requested or not yet), and how many were heard in it. */
  private next: Filler | null = null;
  /** Fillers of the current wait heard, and heard or left out (the caller was speaking). */
  private heard = 0;
  private used = 0;
  private seq = 0;
  private readonly bySeq = new Map<string, Filler>();
  private readonly byResponse = new Map<string, Filler>();
  private readonly byItem = new Map<string, Filler>();
  /** The tool's answer, waiting for a filler that is being heard to finish. */
  private deferred: FillerAction[] = [];

  /** `lines`: the first and second filler in the agent's language; none, no fillers. */
  constructor(private readonly lines: readonly string[]) {}

  /** The model called a tool: the first of a wait schedules its first filler. */
  toolCalled(callId: string, name: string, now: number): FillerAction[] {
    if (this.lines.length === 0 || NO_FILLER.has(name)) return [];
    const first = this.running.size === 0;
    this.running.add(callId);
    if (!first) return [];
    this.heard = 0;
    this.used = 0;
    this.next = this.filler(now + FILLER_AFTER_MS);
    return [{ kind: "wake", at: this.next.dueAt - FILLER_LEAD_MS }];
  }

  /** A tool answered: `answer` (its response.create) goes now, or once a filler being heard is done. */
  answered(callId: string, answer: FillerAction[]): FillerAction[] {
    const cancels: FillerAction[] = [];
    if (this.running.delete(callId) && this.running.size === 0 && this.next) {
      // The wait is over: a filler not yet heard is not said.
      if (this.next.requested) cancels.push(...this.cancel(this.next));
      this.next = null;
    }
    if ([...this.byResponse.values()].some((filler) => filler.released && !filler.done)) {
      this.deferred.push(...answer);
      return cancels;
    }
    return [...cancels, ...answer];
  }

  /** The timer this module asked for: asks for the next filler, lets it be heard when due, or waits. */
  wake(now: number, line: LineState): FillerAction[] {
    const filler = this.next;
    if (!filler) return [];
    if (!filler.requested) {
      if (now < filler.dueAt - FILLER_LEAD_MS) return [{ kind: "wake", at: filler.dueAt - FILLER_LEAD_MS }];
      filler.requested = true;
      return [
        { kind: "openai", event: fillerResponse(filler) },
        { kind: "wake", at: Math.max(now, filler.dueAt) },
      ];
    }
    if (now < filler.dueAt) return [{ kind: "wake", at: filler.dueAt }];
    if (line.callerSpeaking) {
      // Never over the caller: this filler is not said, and the next one (if any) comes as if it had been.
      const cancels = this.cancel(filler);
      return [...cancels, ...this.scheduleAfter(now)];
    }
    if (line.audioPlaying) {
      filler.waitingForQuiet = true;
      return [{ kind: "wake", at: now + RECHECK_MS }];
    }
    if (filler.waitingForQuiet) {
      filler.waitingForQuiet = false;
      filler.dueAt = now + FILLER_PAUSE_MS;
      return [{ kind: "wake", at: filler.dueAt }];
    }
    filler.released = true;
    this.heard++;
    const audio: FillerAction[] = filler.held.map((held) => ({ kind: "filler_audio", ...held }));
    if (filler.transcript) audio.push({ kind: "filler_transcript", text: filler.transcript });
    filler.held = [];
    return [...audio, ...this.scheduleAfter(now)];
  }

  /** response.created: a filler's response gets its id (and is cancelled at once if it is no longer wanted). */
  responseCreated(response: { id?: string; metadata?: unknown } | undefined): FillerAction[] {
    const seq = (response?.metadata as Record<string, unknown> | null | undefined)?.tool_filler;
    const filler = typeof seq === "string" ? this.bySeq.get(seq) : undefined;
    if (!filler || !response?.id) return [];
    filler.responseId = response.id;
    this.byResponse.set(response.id, filler);
    return filler.cancelled ? [{ kind: "openai", event: { type: "response.cancel", response_id: response.id } }] : [];
  }

  /** response.output_item.added: the items of a filler's response are its audio. */
  itemAdded(responseId: string | undefined, itemId: string | undefined) {
    const filler = responseId ? this.byResponse.get(responseId) : undefined;
    if (filler && itemId) this.byItem.set(itemId, filler);
  }

  isFiller(itemId: string): boolean {
    return this.byItem.has(itemId);
  }

  /** An audio delta: true when this module took it (a filler not yet due holds it; one not said drops it). */
  takesAudio(itemId: string, delta: string): boolean {
    const filler = this.byItem.get(itemId);
    if (!filler || filler.released) return false;
    if (!filler.cancelled) filler.held.push({ itemId, delta });
    return true;
  }

  /** An item's transcript: true when this module took it (a filler's words are written when heard, never if not). */
  takesTranscript(itemId: string, text: string): boolean {
    const filler = this.byItem.get(itemId);
    if (!filler || filler.released) return false;
    if (!filler.cancelled) filler.transcript = text;
    return true;
  }

  /** response.done: null when it is not a filler's; else the tool's answer, if it waited for this filler. */
  responseDone(responseId: string | undefined): FillerAction[] | null {
    const filler = responseId ? this.byResponse.get(responseId) : undefined;
    if (!filler) return null;
    filler.done = true;
    if ([...this.byResponse.values()].some((other) => other.released && !other.done)) return [];
    const answer = this.deferred;
    this.deferred = [];
    return answer;
  }

  /** The caller talked over a filler: Twilio is cleared by the bridge; its response is cancelled by id here. */
  interrupted(itemId: string): FillerAction[] {
    const filler = this.byItem.get(itemId);
    return filler && !filler.done && filler.responseId ? [{ kind: "openai", event: { type: "response.cancel", response_id: filler.responseId } }] : [];
  }

  private filler(dueAt: number): Filler {
    const filler: Filler = {
      seq: ++this.seq,
      line: this.lines[Math.min(this.heard, this.lines.length - 1)]!,
      dueAt,
      requested: false,
      responseId: null,
      held: [],
      transcript: null,
      released: false,
      cancelled: false,
      done: false,
      waitingForQuiet: false,
    };
    this.bySeq.set(String(filler.seq), filler);
    return filler;
  }

  /** After a filler was heard or left out at `now`: the next one SECOND_FILLER_AFTER_MS later, at most MAX_FILLERS in all. */
  private scheduleAfter(now: number): FillerAction[] {
    this.used++;
    this.next = this.used < MAX_FILLERS ? this.filler(now + SECOND_FILLER_AFTER_MS) : null;
    return this.next ? [{ kind: "wake", at: this.next.dueAt - FILLER_LEAD_MS }] : [];
  }

  private cancel(filler: Filler): FillerAction[] {
    filler.cancelled = true;
    filler.held = [];
    filler.transcript = null;
    return filler.responseId && !filler.done ? [{ kind: "openai", event: { type: "response.cancel", response_id: filler.responseId } }] : [];
  }
}

/** The out-of-band response that says one filler line, word for word, in the session's voice. */
function fillerResponse(filler: Filler): RealtimeClientEvent {
  return {
    type: "response.create",
    response: {
      conversation: "none",
      input: [],
      tool_choice: "none",
      metadata: { tool_filler: String(filler.seq) },
      instructions: sayExactly(filler.line),
    },
  };
}
