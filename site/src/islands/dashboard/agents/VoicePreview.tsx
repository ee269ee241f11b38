import { useEffect, useRef, useState } from "react";
import { api } from "../../../lib/client";

/** The sample playing now, if any: starting another stops it, so one voice is heard at a time. */
let current: { stop(): void } | null = null;

/**
 * Plays a short sample of an agent voice (text to speech in that voice, generated once and cached). While it loads
 * or plays the button says so and stops it.
 */
export default function VoicePreview({ voice }: { voice: string }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "playing" | "failed">("idle");
  const self = useRef({
    stop() {
      audio.current?.pause();
      if (audio.current) audio.current.currentTime = 0;
      setState("idle");
    },
  });
  useEffect(() => () => self.current.stop(), []);

  async function play() {
    if (state === "playing" || state === "loading") {
      self.current.stop();
      current = null;
      return;
    }
    if (current !== self.current) current?.stop();
    current = self.current;
    audio.current ??= new Audio(api["voice-samples"].voices[":voice"].$path({ param: { voice } }));
    const player = audio.current;
    player.onended = () => setState("idle");
    player.onerror = () => setState("failed");
    setState("loading");
    try {
      await player.play();
      // Stopped while it loaded: stay stopped.
      if (current === self.current) setState("playing");
      else player.pause();
    } catch {
      if (current === self.current) setState("failed");
    }
  }

  const busy = state === "loading" || state === "playing";
  const label = { idle: "Play", loading: "Loading… Stop", playing: "Playing… Stop", failed: "Unavailable" }[state];
  return (
    <button
      type="button"
      className={`btn btn-secondary btn-sm voice-play${busy ? " playing" : ""}`}
      onClick={() => void play()}
      aria-pressed={busy}
      aria-label={`${busy ? "Stop" : "Play"} a sample of ${voice}`}
      title={state === "failed" ? "The sample could not be played. Voice samples need an OpenAI key." : undefined}
    >
      {label}
    </button>
  );
}
