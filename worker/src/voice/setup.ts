import type { ToolCall } from "./tools";

export interface TranscriptEntry {
  role: "user" | "assistant";
  content: string;
  timestamp: string;
}

/** Everything the call needs, decided when Twilio asked how to answer it. */
export interface CallSetup {
  tool: ToolCall;
  organizationName: string;
  afterHours: boolean;
  maxCallSeconds: number;
  instructions: string;
  openingLine: string;
  goodbye: string;
  voice: string;
}
