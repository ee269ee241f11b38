/** The Twilio REST calls the product makes, over fetch (form-encoded, basic auth). Base URL from TWILIO_API_BASE. */
export interface TwilioClient {
  sendMessage(input: { from: string; to: string; body: string }): Promise<{ sid: string }>;
  /** Replaces what a live call is doing with new TwiML (transfer), or ends it. */
  updateCall(callSid: string, update: { twiml: string } | { status: "completed" }): Promise<void>;
  createCall(input: { from: string; to: string; url: string; statusCallback: string }): Promise<{ sid: string }>;
}

export class TwilioError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function liveTwilioClient(options: { accountSid: string; authToken: string; baseUrl: string; timeoutMs?: number }): TwilioClient {
  const authorization = `Basic ${btoa(`${options.accountSid}:${options.authToken}`)}`;
  async function post(path: string, form: Record<string, string>) {
    const response = await fetch(`${options.baseUrl}/2010-04-01/Accounts/${options.accountSid}${path}`, {
      method: "POST",
      headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
    if (!response.ok) throw new TwilioError(response.status, body.message ?? `Twilio answered ${response.status}`);
    return body;
  }
  return {
    async sendMessage({ from, to, body }) {
      const result = await post("/Messages.json", { From: from, To: to, Body: body });
      return { sid: result.sid ?? "" };
    },
    async updateCall(callSid, update) {
      await post(`/Calls/${callSid}.json`, "twiml" in update ? { Twiml: update.twiml } : { Status: update.status });
    },
    async createCall({ from, to, url, statusCallback }) {
      const result = await post("/Calls.json", {
        From: from,
        To: to,
        Url: url,
        Method: "POST",
        StatusCallback: statusCallback,
        StatusCallbackMethod: "POST",
        StatusCallbackEvent: "completed",
      });
      return { sid: result.sid ?? "" };
    },
  };
}
