/**
 * The provider simulators in a process of their own (benchmarks): so the load they carry does not delay the
 * callers' clocks. Prints one JSON line with the worker settings pointing at them, then runs until killed.
 */
import { startSimulators } from "@nikki/dev/simulators";

const [openaiPort, twilioPort, publicBaseUrl, replyFrames, connectDelayMs, responseDelayMs] = process.argv.slice(2);
const simulators = await startSimulators({
  openaiPort: Number(openaiPort),
  twilioPort: Number(twilioPort),
  publicBaseUrl: publicBaseUrl!,
  replyFrames: Number(replyFrames),
  openaiLatency: { connectDelayMs: Number(connectDelayMs ?? 0), responseDelayMs: Number(responseDelayMs ?? 0) },
});
console.log(JSON.stringify({ ready: true, vars: simulators.vars }));
process.on("SIGTERM", () => void simulators.close().then(() => process.exit(0)));
