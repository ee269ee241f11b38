/**
 * The OpenAI Realtime WebRTC endpoint (`POST /v1/realtime/calls`), simulated with a real WebRTC peer (werift):
 * it answers the browser's SDP offer, receives the microphone's RTP, and speaks the GA event protocol on the
 * `oai-events` data channel — speech started and a transcript when audio arrives, transcript deltas and
 * `response.done` for typed questions.
 */
import { type RTCDataChannel, RTCPeerConnection, RTCRtpCodecParameters } from "werift";
import type { SimulatedServerEvent } from "./realtime-events";

export interface WebRtcSessionLog {
  /** Events the browser sent on the data channel. */
  received: { type: string; [key: string]: unknown }[];
  /** RTP packets received from the browser's microphone. */
  audioPackets: number;
  state: string;
}

const HEARD = "Hi, is this the front desk?";

function words(text: string): string[] {
  return text.split(/(?<= )/);
}

/**
 * A browser that hides its addresses offers mDNS host names (`<uuid>.local`). Nothing answers multicast DNS here, and
 * werift's lookup of such a name keeps a 10 s timer that outlives the peer (it held the test run open after its
 * end), so those candidates are dropped, as by an answerer that cannot resolve them. The e2e browser offers IPs.
 */
function withoutMdnsCandidates(sdp: string): string {
  return sdp
    .split("\r\n")
    .filter((line) => !/^a=candidate:\S+ \d+ \S+ \d+ \S+\.local /.test(line))
    .join("\r\n");
}

/** Answers the offer with a new peer, kept in `peers` until it closes (the simulator closes those left when it stops). */
export async function answerRealtimeOffer(offer: string, instructions: string, log: WebRtcSessionLog, peers: Set<RTCPeerConnection>): Promise<string> {
  const peer = new RTCPeerConnection({
    codecs: { audio: [new RTCRtpCodecParameters({ mimeType: "audio/opus", clockRate: 48_000, channels: 2 })], video: [] },
  });
  peers.add(peer);
  peer.connectionStateChange.subscribe((state) => {
    log.state = state;
    if (state === "failed" || state === "closed") {
      peers.delete(peer);
      void peer.close();
    }
  });
  let heard = false;
  let channel: RTCDataChannel | undefined;
  const send = ({ type, ...fields }: SimulatedServerEvent) =>
    channel?.readyState === "open" && channel.send(JSON.stringify({ type, event_id: `evt_${Date.now()}`, ...fields }));
  const respond = (text: string) => {
    const responseId = `resp_${Date.now()}`;
    send({ type: "response.created", response: { id: responseId, status: "in_progress" } });
    words(text).forEach((delta, index) =>
      setTimeout(() => send({ type: "response.output_audio_transcript.delta", response_id: responseId, delta }), 20 * (index + 1)),
    );
    setTimeout(
      () => {
        send({ type: "response.output_audio_transcript.done", response_id: responseId, transcript: text });
        send({ type: "response.done", response: { id: responseId, status: "completed" } });
      },
      20 * (words(text).length + 2),
    );
  };
  // The track arrives with the offer, before the data channel opens.
  peer.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe(() => {
      log.audioPackets += 1;
      // After about a second of microphone audio with the channel open, "hear" the visitor once, as server VAD would.
      if (log.audioPackets >= 50 && !heard && channel?.readyState === "open") {
        heard = true;
        send({ type: "input_audio_buffer.speech_started", audio_start_ms: 0, item_id: "item_mic" });
        send({ type: "conversation.item.input_audio_transcription.completed", item_id: "item_mic", transcript: HEARD });
        respond("Yes, this is Nikki at the front desk. How can I help you today?");
      }
    }),
  );
  peer.onDataChannel.subscribe((opened) => {
    channel = opened;
    opened.onMessage.subscribe((data) => {
      let event: { type: string; item?: { content?: { text?: string }[] } };
      try {
        event = JSON.parse(String(data));
      } catch {
        return send({ type: "error", error: { type: "invalid_request_error", message: "Event is not JSON" } });
      }
      log.received.push(event);
      if (event.type === "response.create") {
        const asked = [...log.received].reverse().find((e) => e.type === "conversation.item.create") as typeof event | undefined;
        const question = asked?.item?.content?.[0]?.text ?? "";
        respond(`You asked: ${question} I can help with that on a real call, and book it for you.`);
      }
    });
    opened.stateChanged.subscribe((state) => {
      if (state === "open") send({ type: "session.created", session: { type: "realtime", instructions } });
    });
    if (opened.readyState === "open") send({ type: "session.created", session: { type: "realtime", instructions } });
  });
  await peer.setRemoteDescription({ type: "offer", sdp: withoutMdnsCandidates(offer) });
  await peer.setLocalDescription(await peer.createAnswer());
  if (peer.iceGatheringState !== "complete") {
    await new Promise<void>((resolve) => {
      peer.iceGatheringStateChange.subscribe((state) => state === "complete" && resolve());
      setTimeout(resolve, 3_000);
    });
  }
  return peer.localDescription!.sdp;
}
