/**
 * The browser voice demo's connection: a raw RTCPeerConnection to the OpenAI Realtime API (no SDK).
 * Microphone at 24 kHz mono with echo cancellation, noise suppression and gain control; the SDP offer goes
 * to the Realtime calls endpoint with the ephemeral key from `/api/realtime/token`; events travel on the
 * `oai-events` data channel with the GA names.
 */
import { VOICE_DEMO_ERRORS } from "@nikki/core/widget-copy";

export type TranscriptEntry = { role: "user" | "assistant"; content: string; timestamp: number };
export type LogEntry = { message: string; timestamp: number; type: "info" | "success" | "error" };

export interface SessionEvents {
  onState(state: RTCPeerConnectionState): void;
  onTranscript(entries: TranscriptEntry[]): void;
  onLog(entry: LogEntry): void;
  onLevel(level: number): void;
  /** The browser refused to start the remote audio without a gesture. */
  onAudioBlocked(): void;
}

/** An error the widget shows with its code's message (spec 000 §8 "Browser demo"). */
export class DemoError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface TokenResponse {
  client_secret: { value: string; expires_at: number };
  model: string;
  calls_url: string;
}

async function fetchToken(base: string): Promise<TokenResponse> {
  let response: Response;
  try {
    response = await fetch(`${base}/api/realtime/token`, { credentials: "include", signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new DemoError(timedOut ? "backend_timeout" : "network_error", timedOut ? "Token request timed out" : "Token request failed");
  }
  const body = (await response.json().catch(() => null)) as (TokenResponse & { error?: { code: string; message: string } }) | null;
  if (!response.ok || !body?.client_secret?.value) {
    const code = body?.error?.code ?? (response.status === 401 ? "signed_out" : "backend_down");
    throw new DemoError(code, `Token request failed (${response.status})${body?.error?.message ? `: ${body.error.message}` : ""}`);
  }
  return body;
}

/** Sends the offer once ICE has gathered host candidates (or after 1.5 s: the public STUN server may be unreachable). */
function gathered(peer: RTCPeerConnection) {
  return new Promise<void>((resolve) => {
    if (peer.iceGatheringState === "complete") return resolve();
    const done = () => peer.iceGatheringState === "complete" && resolve();
    peer.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, 1_500);
  });
}

export class RealtimeSession {
  private peer?: RTCPeerConnection;
  private channel?: RTCDataChannel;
  private microphone?: MediaStream;
  private audioContext?: AudioContext;
  private meter?: ReturnType<typeof setInterval>;
  private transcript: TranscriptEntry[] = [];
  private turnEnded = true;
  readonly audio = new Audio();

  constructor(
    private readonly base: string,
    private readonly events: SessionEvents,
  ) {
    this.audio.autoplay = true;
  }

  private log(message: string, type: LogEntry["type"] = "info") {
    this.events.onLog({ message, type, timestamp: Date.now() });
  }

  async start() {
    try {
      this.microphone = await navigator.mediaDevices.getUserMedia({
        audio: { sampleRate: 24_000, channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch {
      throw new DemoError("mic_blocked", VOICE_DEMO_ERRORS.mic_blocked);
    }
    this.log("Microphone ready");
    this.measure(this.microphone);
    const token = await fetchToken(this.base);
    this.log("Session key received", "success");

    const peer = (this.peer = new RTCPeerConnection({ iceServers: [{ urls: "stun:stun.l.google.com:19302" }] }));
    peer.addEventListener("connectionstatechange", () => this.events.onState(peer.connectionState));
    peer.addEventListener("track", (event) => {
      this.audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      this.audio.play().catch(() => this.events.onAudioBlocked());
    });
    for (const track of this.microphone.getTracks()) peer.addTrack(track, this.microphone);
    const channel = (this.channel = peer.createDataChannel("oai-events"));
    channel.addEventListener("open", () => this.log("Data channel open", "success"));
    channel.addEventListener("message", (event) => this.receive(event.data));

    await peer.setLocalDescription(await peer.createOffer());
    await gathered(peer);
    let answer: Response;
    try {
      answer = await fetch(`${token.calls_url}?model=${encodeURIComponent(token.model)}`, {
        method: "POST",
        body: peer.localDescription!.sdp,
        headers: { authorization: `Bearer ${token.client_secret.value}`, "content-type": "application/sdp" },
        credentials: "include",
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw new DemoError(timedOut ? "wss_timeout" : "wss_failed", timedOut ? VOICE_DEMO_ERRORS.wss_timeout : VOICE_DEMO_ERRORS.wss_failed);
    }
    if (!answer.ok) {
      const envelope = (await answer.json().catch(() => null)) as { error?: { message?: string } } | null;
      throw new DemoError("wss_failed", envelope?.error?.message ?? `SDP exchange failed (${answer.status})`);
    }
    await peer.setRemoteDescription({ type: "answer", sdp: await answer.text() });
    this.log("Connected to the voice service", "success");
  }

  /** Microphone level on a 0–100 scale, every 100 ms (spec 000 §9). */
  private measure(stream: MediaStream) {
    const context = (this.audioContext = new AudioContext());
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    this.meter = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      this.events.onLevel(Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 300)));
    }, 100);
  }

  private receive(data: unknown) {
    let event: { type?: string; delta?: string; transcript?: string; error?: { message?: string } };
    try {
      event = JSON.parse(String(data));
    } catch {
      return;
    }
    switch (event.type) {
      case "response.output_audio_transcript.delta":
      case "response.output_text.delta":
        this.append("assistant", event.delta ?? "");
        break;
      case "conversation.item.input_audio_transcription.completed":
        if (event.transcript?.trim()) this.add("user", event.transcript.trim());
        break;
      case "input_audio_buffer.speech_started":
        this.log("You started speaking");
        this.turnEnded = true;
        break;
      case "response.done":
        this.log("Response complete", "success");
        this.turnEnded = true;
        break;
      case "error":
        this.log(event.error?.message ?? "Realtime error", "error");
        break;
    }
  }

  private add(role: TranscriptEntry["role"], content: string) {
    this.transcript = [...this.transcript, { role, content, timestamp: Date.now() }];
    this.turnEnded = true;
    this.events.onTranscript(this.transcript);
  }

  /** Deltas extend the speaker's current entry until a turn boundary (speech started, response done). */
  private append(role: TranscriptEntry["role"], delta: string) {
    const last = this.transcript.at(-1);
    if (last?.role !== role || this.turnEnded) {
      this.add(role, delta);
      this.turnEnded = false;
      return;
    }
    this.transcript = [...this.transcript.slice(0, -1), { ...last, content: last.content + delta }];
    this.events.onTranscript(this.transcript);
  }

  /** A typed question: `conversation.item.create` then `response.create`. */
  ask(text: string) {
    if (this.channel?.readyState !== "open") throw new DemoError("channel_not_ready", VOICE_DEMO_ERRORS.channel_not_ready);
    this.channel.send(JSON.stringify({ type: "conversation.item.create", item: { type: "message", role: "user", content: [{ type: "input_text", text }] } }));
    this.channel.send(JSON.stringify({ type: "response.create" }));
    this.add("user", text);
  }

  setMuted(muted: boolean) {
    this.microphone?.getAudioTracks().forEach((track) => (track.enabled = !muted));
  }

  enableAudio() {
    return this.audio.play();
  }

  stop() {
    clearInterval(this.meter);
    this.channel?.close();
    this.peer?.close();
    this.microphone?.getTracks().forEach((track) => track.stop());
    void this.audioContext?.close();
    this.audio.srcObject = null;
    this.events.onLevel(0);
    this.events.onState("closed");
  }
}
