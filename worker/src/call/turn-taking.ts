/**
 * Pure: who has the turn (issue 55). The model's session neither cuts its own answers off nor answers by itself
 * (realtime-session.ts: `interrupt_response` and `create_response` false, so its voice activity detection only
 * reports); the bridge decides both, from the model's events and the caller's audio:
 *
 * - Speech while the agent is silent is the caller's turn: once it ends, the model is asked for the answer.
 * - Speech over the agent (her audio still playing, or her answer still being made) interrupts her only once it is
 *   confirmed: the caller spoke for the call's minimum (interruption-guard.ts), or the recogniser heard words that are
 *   more than a backchannel (core's backchannel.ts). Until then Twilio keeps playing.
 * - Speech over the agent that ended before it was confirmed waits for its words: words interrupt her (late) and are
 *   answered; a backchannel she has finished talking over by then answered her, so it is a turn too; a noise, or a
 *   backchannel she talks on over, is dismissed: the model forgets the item and answers nothing.
 *
 * It also places the model's times on the stream and the bridge's clock (input-timeline.ts), so each turn's end is
 * where the caller stopped speaking.
 */
import { interruptingWords, spokenWords } from "@nikki/core/backchannel";
import { InputTimeline } from "./input-timeline";
import { InterruptionGuard } from "./interruption-guard";
import { base64Length } from "./playout";

/** Where the caller's speech ended: on the stream (ms from its start) and the bridge's clock; and when the model said so. */
export interface SpeechEnd {
  streamMs: number;
  clockAt: number;
  stoppedAt: number;
}

export type TurnDecision =
  /** Stop the agent: Twilio cleared, her answer cancelled, and cut at what was heard. */
  | { kind: "interrupt" }
  /** The caller's turn is over: the model is asked for its answer. */
  | { kind: "respond"; end: SpeechEnd }
  /** No turn (a cough, a backchannel over the agent): the model forgets the item and answers nothing. */
  | { kind: "dismiss"; itemId: string };

interface Speech {
  itemId: string;
  /** Over the agent and not confirmed yet. */
  judged: boolean;
  text: string;
  end: SpeechEnd | null;
}

/** No decision (answered for most frames, so it is one array, never changed). */
const NONE: readonly TurnDecision[] = [];
/** Speech over the agent waiting for its words, at most: a recogniser that never answers leaves no more than this. */
const MAX_WAITING = 8;

export interface TurnTakingOptions {
  /** How long the caller speaks over the agent before she stops (the call's plan; interruption-guard.ts's default). */
  interruptionMinMs: number;
  /** How far before the model's `audio_end_ms` the caller stopped speaking (bridge-session.ts silenceWindowMs). */
  speechEndLagMs: number;
}

export class TurnTaking {
  private readonly guard: InterruptionGuard;
  private readonly timeline = new InputTimeline();
  /** The caller's speech the model hears now (speech_started, not yet stopped). */
  private speaking: Speech | null = null;
  private readonly waiting = new Map<string, Speech>();
  /** The model's answer in the call's conversation being made (not a filler's, which is out of band), and its item. */
  private activeResponse: string | null = null;
  private activeItem: string | null = null;
  /** The answer last cancelled, and its item: what more of it comes (made before the cancel reached the model) is not played. */
  private cancelledResponse: string | null = null;
  private cancelledItem: string | null = null;

  constructor(private readonly options: TurnTakingOptions) {
    this.guard = new InterruptionGuard(options.interruptionMinMs);
  }

  /** The model is making an answer that is the conversation's. */
  get responding(): boolean {
    return this.activeResponse !== null;
  }

  /** What stops that answer, if there is one (its audio from then on is not played: cancelled()). */
  cancel(): { type: "response.cancel" } | null {
    if (!this.activeResponse) return null;
    this.cancelledResponse = this.activeResponse;
    this.cancelledItem = this.activeItem;
    return { type: "response.cancel" };
  }

  /** Whether `itemId` is the answer cancelled last. */
  cancelled(itemId: string): boolean {
    return itemId === this.cancelledItem;
  }

  responseCreated(id: string | undefined, outOfBand: boolean): void {
    if (!id || outOfBand) return;
    this.activeResponse = id;
    this.activeItem = null;
  }

  /** response.output_item.added: the item an answer speaks in. */
  itemAdded(responseId: string | undefined, itemId: string | undefined): void {
    if (!responseId || !itemId) return;
    if (responseId === this.activeResponse) this.activeItem = itemId;
    if (responseId === this.cancelledResponse) this.cancelledItem = itemId;
  }

  responseDone(id: string | undefined): void {
    if (id && id === this.activeResponse) this.activeResponse = null;
  }

  /**
   * A caller frame sent on to the model: `timestamp` its place on Twilio's clock (absent: after the last), `now` its
   * arrival. While the agent talks, or speech over her is judged, it is heard.
   */
  heard(payload: string, timestamp: number | undefined, now: number, agentTalking: boolean): readonly TurnDecision[] {
    const streamMs = this.timeline.appended(timestamp, base64Length(payload) / 8, now);
    if (!agentTalking && !this.guard.judging) return NONE;
    return this.guard.heard(payload, streamMs) && this.speaking ? this.confirm(this.speaking) : NONE;
  }

  /** The last frame heard never reached the model (the bridge's queue was full). */
  dropped(): void {
    this.timeline.dropped();
  }

  /** input_audio_buffer.speech_started. */
  started(itemId: string, audioStartMs: number | undefined, agentTalking: boolean): readonly TurnDecision[] {
    const speech: Speech = { itemId, judged: agentTalking, text: "", end: null };
    this.speaking = speech;
    if (!agentTalking) return NONE;
    const from = audioStartMs === undefined ? null : this.timeline.streamMsAt(audioStartMs);
    // Not placed: judged from the next frame on.
    return this.guard.begin(from ?? Number.POSITIVE_INFINITY) ? this.confirm(speech) : NONE;
  }

  /** input_audio_buffer.speech_stopped, `now` when it came. */
  stopped(itemId: string, audioEndMs: number | undefined, now: number): readonly TurnDecision[] {
    const speech = this.speaking?.itemId === itemId ? this.speaking : { itemId, judged: false, text: "", end: null };
    this.speaking = null;
    this.guard.end();
    speech.end = this.speechEnd(audioEndMs, now);
    if (!speech.judged) return [{ kind: "respond", end: speech.end }];
    this.waiting.set(itemId, speech);
    if (this.waiting.size > MAX_WAITING) this.waiting.delete(this.waiting.keys().next().value!);
    return NONE;
  }

  /** The recogniser's words for an item: a delta, or (`final`) the whole transcript ("" when it failed). */
  words(itemId: string, text: string, final: boolean, agentTalking: boolean): readonly TurnDecision[] {
    const speech = this.speaking?.itemId === itemId ? this.speaking : this.waiting.get(itemId);
    if (!speech?.judged) return NONE;
    speech.text = final ? text : speech.text + text;
    if (interruptingWords(speech.text)) return this.confirm(speech);
    if (!final || speech === this.speaking || !speech.end) return NONE;
    this.waiting.delete(itemId);
    if (!agentTalking && spokenWords(speech.text).length > 0) return [{ kind: "respond", end: speech.end }];
    return itemId ? [{ kind: "dismiss", itemId }] : NONE;
  }

  private confirm(speech: Speech): readonly TurnDecision[] {
    speech.judged = false;
    if (speech === this.speaking || !speech.end) {
      this.guard.end();
      return [{ kind: "interrupt" }];
    }
    // It had ended: interrupted late, and answered now.
    this.waiting.delete(speech.itemId);
    return [{ kind: "interrupt" }, { kind: "respond", end: speech.end }];
  }

  /** Where the caller stopped speaking: the model's `audio_end_ms` less its silence window, placed; its word's time when it cannot be. */
  private speechEnd(audioEndMs: number | undefined, now: number): SpeechEnd {
    const lag = this.options.speechEndLagMs;
    const streamMs = audioEndMs === undefined ? null : this.timeline.streamMsAt(Math.max(0, audioEndMs - lag));
    const clockAt = streamMs === null ? null : this.timeline.clockAt(streamMs);
    if (streamMs === null || clockAt === null) return { streamMs: Math.max(0, this.timeline.endMs - lag), clockAt: now - lag, stoppedAt: now };
    return { streamMs, clockAt: Math.min(clockAt, now), stoppedAt: now };
  }
}
