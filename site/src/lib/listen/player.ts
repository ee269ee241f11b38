/**
 * Plays a live call's audio in the browser (issue 56 §2): the listener socket's μ-law (core/live-listen.ts
 * ListenMessage) decoded here and mixed by an AudioWorklet at 8 kHz (mixer-worklet.ts), through an AnalyserNode whose
 * level the page shows. `onClose` says why the socket closed (LISTEN_CLOSE codes).
 */
import type { ListenMessage } from "@nikki/core/live-listen";
import { ulawToLinear } from "@nikki/core/mulaw";
import workletUrl from "./mixer-worklet.ts?worker&url";
import type { MixerInput } from "./mixer-worklet";

/** μ-law byte → sample in [-1, 1]: 256 entries, so a frame decodes with one lookup a sample. */
const ULAW = Float32Array.from({ length: 256 }, (_, code) => ulawToLinear(code) / 32_768);

function decode(pieces: string[]): Float32Array {
  const bytes = pieces.map((piece) => atob(piece));
  const samples = new Float32Array(bytes.reduce((total, piece) => total + piece.length, 0));
  let at = 0;
  for (const piece of bytes) for (let i = 0; i < piece.length; i++) samples[at++] = ULAW[piece.charCodeAt(i)]!;
  return samples;
}

const TRACKS = ["caller", "agent"] as const;

export interface ListenPlayer {
  /** The audio's level now (RMS of the analyser's last window, 0 to 1). */
  level(): number;
  stop(): void;
}

export async function playListen(url: string, onClose: (code: number) => void): Promise<ListenPlayer> {
  const context = new AudioContext({ sampleRate: 8_000, latencyHint: "interactive" });
  await context.audioWorklet.addModule(workletUrl);
  const mixer = new AudioWorkletNode(context, "listen-mixer", { numberOfInputs: 0, outputChannelCount: [1] });
  const analyser = new AnalyserNode(context, { fftSize: 1_024 });
  mixer.connect(analyser).connect(context.destination);
  await context.resume();
  const socket = new WebSocket(url);
  let stopped = false;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as ListenMessage;
    if (message.type === "clear") return mixer.port.postMessage({ track: "clear" } satisfies MixerInput);
    for (const track of TRACKS) {
      if (message[track].length === 0) continue;
      const samples = decode(message[track]);
      mixer.port.postMessage({ track, samples } satisfies MixerInput, [samples.buffer]);
    }
  });
  socket.addEventListener("close", (event) => {
    if (!stopped) onClose(event.code);
    void context.close().catch(() => undefined);
  });
  const window = new Float32Array(analyser.fftSize);
  return {
    level() {
      analyser.getFloatTimeDomainData(window);
      let sum = 0;
      for (const sample of window) sum += sample * sample;
      return Math.sqrt(sum / window.length);
    },
    stop() {
      stopped = true;
      socket.close(1000, "Stopped listening");
      void context.close().catch(() => undefined);
    },
  };
}
