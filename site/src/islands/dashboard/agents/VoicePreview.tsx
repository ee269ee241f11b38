import { useRef, useState } from "react";
import { api } from "../../../lib/client";

/** Plays a short sample of an agent voice (text to speech in that voice, generated once and cached). */
export default function VoicePreview({ voice }: { voice: string }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "playing" | "failed">("idle");

  async function play() {
    if (state === "playing") {
      audio.current?.pause();
      return setState("idle");
    }
    audio.current ??= new Audio(api["voice-samples"].voices[":voice"].$path({ param: { voice } }));
    const player = audio.current;
    player.onended = () => setState("idle");
    player.onerror = () => setState("failed");
    setState("loading");
    try {
      await player.play();
      setState("playing");
    } catch {
      setState("failed");
    }
  }

  const label = { idle: "Play", loading: "Loading…", playing: "Stop", failed: "Unavailable" }[state];
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm voice-play"
      onClick={() => void play()}
      disabled={state === "loading"}
      aria-label={`${label === "Stop" ? "Stop" : "Play"} a sample of ${voice}`}
      title={state === "failed" ? "The sample could not be played. Voice samples need an OpenAI key." : undefined}
    >
      {label}
    </button>
  );
}
