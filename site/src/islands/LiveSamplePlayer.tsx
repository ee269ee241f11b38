import { VOICE_SAMPLE_FALLBACK } from "@nikki/core";
import { useRef, useState } from "react";
import { api } from "../lib/client";
import { toast } from "../lib/toast";
import { useHydrated } from "../lib/use-hydrated";

const SAMPLE_URL = api["voice-samples"][":intent"].$path({ param: { intent: "greeting" } });

/** The /live sample (spec 001 §2, §4): autoplay is blocked, so Enable Audio comes first; playing and paused are tracked. */
export default function LiveSamplePlayer() {
  const audio = useRef<HTMLAudioElement>(null);
  const [enabled, setEnabled] = useState(false);
  const [state, setState] = useState<"paused" | "playing" | "unavailable">("paused");
  const hydrated = useHydrated();

  async function enable() {
    try {
      await audio.current?.play();
      setEnabled(true);
      toast({ title: "Audio Enabled" });
    } catch {
      setEnabled(true);
      // The sample itself may be what failed (a server without an OpenAI key answers 503): say so, not "press play".
      const response = await fetch(SAMPLE_URL).catch(() => null);
      if (response && !response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        setState("unavailable");
        toast({
          title: "Samples unavailable",
          // The server's own reason names the missing key; without one, say what samples need.
          description: `${body?.error?.message ?? "The sample could not be made: voice samples need an OpenAI key on this server."} System Health (/health) shows what is missing.`,
          variant: "destructive",
        });
        return;
      }
      toast({ title: "Failed to Enable Audio", description: "Press play on the player to start the sample.", variant: "destructive" });
    }
  }

  return (
    <div className="live-sample">
      {!enabled && (
        <button type="button" className="btn btn-secondary" disabled={!hydrated} onClick={enable}>
          Enable Audio
        </button>
      )}
      <audio
        ref={audio}
        controls={enabled}
        preload="none"
        src={SAMPLE_URL}
        aria-label="Sample call greeting"
        onPlay={() => setState("playing")}
        onPause={() => setState("paused")}
        onEnded={() => setState("paused")}
        onError={() => setState("unavailable")}
      >
        Your browser does not support the audio element.
      </audio>
      <p className="muted" role="status">
        {state === "unavailable" ? VOICE_SAMPLE_FALLBACK : enabled ? (state === "playing" ? "Playing" : "Paused") : "Audio is off until you enable it."}
      </p>
    </div>
  );
}
