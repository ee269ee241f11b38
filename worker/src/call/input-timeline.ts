/**
 * Pure: where the model's input audio sits on the stream's timeline and on the bridge's clock (issue 55 §1).
 *
 * The model times the caller's speech in milliseconds of its input buffer (`audio_start_ms`, `audio_end_ms`: since
 * the first audio the session was sent); Twilio times each frame it sends in milliseconds since the stream started
 * (its `timestamp`). The bridge sends the model the frames in order, so the buffer's milliseconds map onto the
 * stream's, piece by piece: a new piece where a frame was not the one after the last (a gap in Twilio's clock, or a
 * frame the bridge could not send: dropped()). The bridge's clock is the stream's plus the least delay any frame took
 * to arrive, so a time on the stream is when the bridge had that audio at the earliest.
 */

/** Pieces of the timeline kept: a call has one unless frames went missing. */
const MAX_PIECES = 32;

interface Piece {
  bufferMs: number;
  streamMs: number;
}

export class InputTimeline {
  private readonly pieces: Piece[] = [];
  /** Milliseconds of audio the model was sent. */
  private bufferMs = 0;
  /** Where the last frame heard ended on the stream: the next starts there, unless Twilio's clock says otherwise. */
  private nextStreamMs: number | null = null;
  private lastMs = 0;
  /** The last frame never reached the model: the next one starts a new piece. */
  private broken = false;
  /** The bridge's clock less Twilio's, at its least: the quickest any frame arrived. */
  private offset: number | null = null;

  /**
   * A frame of `ms` taken at `streamMs` on Twilio's clock (absent: right after the last), arrived `now`, sent to the
   * model. Answers where on the stream it starts.
   */
  appended(streamMs: number | undefined, ms: number, now: number): number {
    const at = streamMs ?? this.nextStreamMs ?? 0;
    if (this.broken || this.nextStreamMs === null || Math.abs(at - this.nextStreamMs) >= ms) {
      this.broken = false;
      this.pieces.push({ bufferMs: this.bufferMs, streamMs: at });
      if (this.pieces.length > MAX_PIECES) this.pieces.shift();
    }
    this.bufferMs += ms;
    this.nextStreamMs = at + ms;
    this.lastMs = ms;
    // The frame's audio was whole once its last sample was taken: its arrival less its end on the stream.
    const delay = now - (at + ms);
    if (this.offset === null || delay < this.offset) this.offset = delay;
    return at;
  }

  /** The last frame appended never reached the model: the buffer goes on from the one before it. */
  dropped(): void {
    this.bufferMs -= this.lastMs;
    this.lastMs = 0;
    this.broken = true;
  }

  /** Where `bufferMs` of the model's input was taken on the stream; null before any audio was sent. */
  streamMsAt(bufferMs: number): number | null {
    const piece = this.pieces.findLast((candidate) => candidate.bufferMs <= bufferMs) ?? this.pieces[0];
    return piece ? piece.streamMs + (bufferMs - piece.bufferMs) : null;
  }

  /** Where the audio sent so far ends on the stream. */
  get endMs(): number {
    return this.nextStreamMs ?? 0;
  }

  /** When the bridge had the audio taken at `streamMs`, on its own clock; null before any frame arrived. */
  clockAt(streamMs: number): number | null {
    return this.offset === null ? null : streamMs + this.offset;
  }
}
