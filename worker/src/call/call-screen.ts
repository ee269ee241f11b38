/**
 * Pure: whether a live call is a caller at all (issue 37 §5), from what the bridge sees. Events in (the greeting's
 * audio and its playout, the caller's speech as server VAD reports it), a verdict out, once:
 * - `silent`: the caller has not spoken SILENT_AFTER_GREETING_MS after the greeting played out (Twilio echoed the
 *   mark at its end), so Nikki says goodbye and the call ends;
 * - `talk_over`: speech that began before the greeting's first audio, or within TALK_OVER_START_MS of it, runs on
 *   TALK_OVER_SPEECH_MS without a pause: a recorded message talking over the greeting, hung up on.
 * No clock of its own: every event carries the time.
 */
import { SILENT_AFTER_GREETING_MS, TALK_OVER_SPEECH_MS, TALK_OVER_START_MS } from "@nikki/core/call-screen-rules";

export type ScreenVerdict = "silent" | "talk_over";

export class CallScreen {
  private greetingItem: string | null = null;
  private greetingAudioAt: number | null = null;
  /** The mark at the greeting's last audio: Twilio echoes it once the whole greeting has played. */
  private greetingEndMark: string | null = null;
  private greetingPlayedAt: number | null = null;
  private spoke = false;
  /** When the caller's first stretch of speech began, while it may still be a recording talking over the greeting. */
  private talkOverFrom: number | null = null;
  private decided = false;

  /** `talkOver` false: only silence is screened (a call we placed may reach a voicemail greeting, which talks on). */
  constructor(private readonly talkOver = true) {}

  /** Nikki's audio for an item: the first item is the greeting. */
  audio(itemId: string, now: number): void {
    if (this.greetingItem !== null) return;
    this.greetingItem = itemId;
    this.greetingAudioAt = now;
  }

  /** An item's audio is all sent; `lastMark` names the mark that follows it. */
  audioDone(itemId: string, lastMark: string | null): void {
    if (itemId === this.greetingItem) this.greetingEndMark ??= lastMark;
  }

  /** Twilio played the audio up to this mark. */
  marked(name: string, now: number): void {
    if (name === this.greetingEndMark) this.greetingPlayedAt ??= now;
  }

  speechStarted(now: number): void {
    if (!this.spoke) {
      const early = this.greetingAudioAt === null || now - this.greetingAudioAt <= TALK_OVER_START_MS;
      this.talkOverFrom = early && this.greetingPlayedAt === null ? now : null;
    }
    this.spoke = true;
  }

  /** A pause: a person waiting for an answer, not a recording. */
  speechStopped(): void {
    this.talkOverFrom = null;
  }

  /** The caller's words were transcribed (speech server VAD may not have reported). */
  callerSpoke(): void {
    this.spoke = true;
  }

  /** The verdict at `now`, given once; null while the call is (still) a caller's. */
  check(now: number): ScreenVerdict | null {
    if (this.decided) return null;
    let verdict: ScreenVerdict | null = null;
    if (this.talkOver && this.talkOverFrom !== null && now - this.talkOverFrom >= TALK_OVER_SPEECH_MS) verdict = "talk_over";
    else if (!this.spoke && this.greetingPlayedAt !== null && now - this.greetingPlayedAt >= SILENT_AFTER_GREETING_MS) verdict = "silent";
    this.decided = verdict !== null;
    return verdict;
  }
}
