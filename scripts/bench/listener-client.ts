/**
 * A member listening in to a call, as bench:live places one (issue 56 §2): the media plane's listener socket with a
 * ticket minted as the control plane mints it, each message decoded as the page decodes it (μ-law → samples), the
 * delay from the media plane handling a frame to its samples here, and the tag of every 20 ms frame that came
 * (simulators/frame-tag.ts), so the frames a listener missed can be counted.
 */
import type { ListenMessage } from "@nikki/core/live-listen";
import { ulawToLinear } from "@nikki/core/mulaw";
import { readTag } from "@nikki/simulators/frame-tag";
import { listenPath, mintListenTicket } from "../../worker/src/call/listen-ticket";

const ULAW = Float32Array.from({ length: 256 }, (_, code) => ulawToLinear(code) / 32_768);
const FRAME_BYTES = 160;

export interface Listener {
  /** Media plane → decoded here, one a message (ms). */
  delays: number[];
  /** Tags of the caller's and the agent's frames that came. */
  heard: Set<string>;
  /** Whether the socket opened for listening (a refusal closes it at once). */
  listened: boolean;
  closedWith: number | null;
  close(): void;
}

function decodePiece(base64: string, heard: Set<string>): Float32Array {
  const bytes = Buffer.from(base64, "base64");
  const samples = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) samples[i] = ULAW[bytes[i]!]!;
  for (let at = 0; at + FRAME_BYTES <= bytes.length; at += FRAME_BYTES) {
    const tag = readTag(bytes.subarray(at, at + FRAME_BYTES));
    if (tag) heard.add(tag);
  }
  return samples;
}

/** Opens one listener; resolves once it is listening, or was refused (`listened` false). */
export async function listen(options: { mediaBase: string; secret: string; callSid: string; organizationId: string; userId: string }): Promise<Listener> {
  const { ticket } = await mintListenTicket(options.secret, {
    callSid: options.callSid,
    segment: 1,
    organizationId: options.organizationId,
    userId: options.userId,
  });
  const socket = new WebSocket(`${options.mediaBase.replace(/^http/, "ws")}${listenPath(options.callSid, 1)}?ticket=${ticket}`);
  const listener: Listener = { delays: [], heard: new Set(), listened: false, closedWith: null, close: () => socket.close(1000) };
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as ListenMessage;
    if (message.type === "clear") return;
    for (const piece of [...message.caller, ...message.agent]) decodePiece(piece, listener.heard);
    listener.delays.push(Date.now() - message.at);
  });
  await new Promise<void>((resolve) => {
    socket.addEventListener("open", () => {
      // A refusal closes the socket straight after it opened: listening once the first message came, or a moment passed.
      setTimeout(() => {
        listener.listened = listener.closedWith === null;
        resolve();
      }, 150);
    });
    socket.addEventListener("close", (event) => {
      listener.closedWith = event.code;
      resolve();
    });
  });
  return listener;
}
