/** The Twilio REST calls the product makes, over fetch (form-encoded, basic auth). Base URL from TWILIO_API_BASE. */
import { outboundFetch } from "../outbound-fetch";
export interface TwilioClient {
  /** The account the client acts on. */
  readonly accountSid: string;
  sendMessage(input: { from: string; to: string; body: string }): Promise<{ sid: string }>;
  /** Replaces what a live call is doing with new TwiML (transfer), or ends it. */
  updateCall(callSid: string, update: { twiml: string } | { status: "completed" }): Promise<void>;
  /**
   * Places a call. With `amdCallback`, Twilio's answering machine detection runs beside it (DetectMessageEnd, async:
   * the call is connected at once) and posts who answered there, a machine once its greeting has ended.
   */
  createCall(input: { from: string; to: string; url: string; statusCallback: string; amdCallback?: string }): Promise<{ sid: string }>;
  /** Twilio's record of one of the account's calls (`GET Calls/{sid}.json`); null when the account has no such call. */
  fetchCall(callSid: string): Promise<TwilioCall | null>;
  /** The account's latest calls from one number to another (Calls list, newest first, one page of 20). */
  recentCalls(query: { from: string; to: string }): Promise<{ sid: string; createdAt: Date }[]>;
  /** Numbers for sale (AvailablePhoneNumbers/{country}/Local). */
  searchNumbers(query: { country: string; areaCode?: string; contains?: string }): Promise<AvailableNumber[]>;
  /** Buys a number (IncomingPhoneNumbers) with its webhooks set. */
  buyNumber(input: { phoneNumber: string; friendlyName?: string; webhooks: NumberWebhooks }): Promise<OwnedNumber>;
  /** The account's numbers (IncomingPhoneNumbers), every page. */
  listNumbers(): Promise<OwnedNumber[]>;
  updateNumber(sid: string, update: { friendlyName?: string; webhooks?: NumberWebhooks }): Promise<OwnedNumber>;
  /** Releases a number from the account. */
  releaseNumber(sid: string): Promise<void>;
  /**
   * A call recording of this account as WAV (`Recordings/{sid}.wav`), given the RecordingUrl Twilio sent, passing a
   * `Range` through so a player can seek; null when the URL is not one of this account's recordings.
   */
  recording(recordingUrl: string, range: string | null): Promise<Response | null>;
  /** Deletes one of this account's recordings (`DELETE Recordings/{sid}.json`); false when the URL is not one of them. A recording already gone counts as deleted. */
  deleteRecording(recordingUrl: string): Promise<boolean>;
  /** What a local number costs a month in `country` (Pricing API), or null when Twilio lists no price. */
  localNumberPrice(country: string): Promise<{ amount: string; currency: string } | null>;
  /**
   * What one outbound SMS segment to `country` costs from a local number (Pricing API's Messaging Countries), the
   * dearest carrier's price; null when Twilio lists none.
   */
  messagePrice(country: string): Promise<{ amount: number; currency: string } | null>;
}

/** A call as Twilio's Call resource has it (the fields the product reads), dates in RFC 2822 and numbers as strings. */
export interface TwilioCall {
  sid: string;
  status: "queued" | "ringing" | "in-progress" | "completed" | "busy" | "failed" | "no-answer" | "canceled";
  /** Seconds, as text; null while the call goes on. */
  duration: string | null;
  start_time: string | null;
  end_time: string | null;
  direction: string;
  from: string;
  to: string;
}

export interface AvailableNumber {
  phone_number: string;
  friendly_name: string;
  locality: string;
  region: string;
}

/** Twilio answers a null locality and region for a number it cannot place; ours carries "" then. */
type TwilioAvailableNumber = Omit<AvailableNumber, "locality" | "region"> & { locality: string | null; region: string | null };

export interface NumberWebhooks {
  voiceUrl: string;
  smsUrl: string;
  statusCallback: string;
}

export interface OwnedNumber {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string;
  smsUrl: string;
}

export class TwilioError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function liveTwilioClient(options: {
  accountSid: string;
  authToken: string;
  baseUrl: string;
  pricingBaseUrl?: string;
  timeoutMs?: number;
}): TwilioClient {
  const authorization = `Basic ${btoa(`${options.accountSid}:${options.authToken}`)}`;
  const account = `${options.baseUrl}/2010-04-01/Accounts/${options.accountSid}`;
  async function send<T = { sid?: string }>(method: "GET" | "POST" | "DELETE", path: string, form?: Record<string, string>): Promise<T> {
    const response = await outboundFetch(path.startsWith("http") ? path : `${account}${path}`, {
      method,
      headers: { authorization, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const body = (response.status === 204 ? {} : await response.json().catch(() => ({}))) as T & { message?: string };
    if (!response.ok) throw new TwilioError(response.status, body.message ?? `Twilio answered ${response.status}`);
    return body;
  }
  const post = (path: string, form: Record<string, string>) => send("POST", path, form);
  /** The recording's sid, when the URL Twilio sent is one of this account's recordings. */
  const recordingSid = (recordingUrl: string) =>
    new RegExp(`/2010-04-01/Accounts/${options.accountSid}/Recordings/(RE[0-9a-f]{32})(?:\\.\\w+)?$`).exec(recordingUrl)?.[1] ?? null;
  const webhookForm = (webhooks: NumberWebhooks) => ({
    VoiceUrl: webhooks.voiceUrl,
    VoiceMethod: "POST",
    SmsUrl: webhooks.smsUrl,
    SmsMethod: "POST",
    StatusCallback: webhooks.statusCallback,
    StatusCallbackMethod: "POST",
  });
  return {
    accountSid: options.accountSid,
    async recording(recordingUrl, range) {
      const sid = recordingSid(recordingUrl);
      if (!sid) return null;
      return outboundFetch(`${account}/Recordings/${sid}.wav`, {
        headers: { authorization, ...(range ? { range } : {}) },
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    },
    async deleteRecording(recordingUrl) {
      const sid = recordingSid(recordingUrl);
      if (!sid) return false;
      try {
        await send("DELETE", `/Recordings/${sid}.json`);
      } catch (error) {
        if (!(error instanceof TwilioError && error.status === 404)) throw error;
      }
      return true;
    },
    async sendMessage({ from, to, body }) {
      const result = await post("/Messages.json", { From: from, To: to, Body: body });
      return { sid: result.sid ?? "" };
    },
    async updateCall(callSid, update) {
      await post(`/Calls/${callSid}.json`, "twiml" in update ? { Twiml: update.twiml } : { Status: update.status });
    },
    async fetchCall(callSid) {
      try {
        return await send<TwilioCall>("GET", `/Calls/${encodeURIComponent(callSid)}.json`);
      } catch (error) {
        if (error instanceof TwilioError && error.status === 404) return null;
        throw error;
      }
    },
    async recentCalls({ from, to }) {
      const page = await send<{ calls?: { sid: string; date_created: string }[] }>(
        "GET",
        `/Calls.json?${new URLSearchParams({ From: from, To: to, PageSize: "20" })}`,
      );
      return (page.calls ?? []).map((call) => ({ sid: call.sid, createdAt: new Date(call.date_created) }));
    },
    async createCall({ from, to, url, statusCallback, amdCallback }) {
      const detection: Record<string, string> = amdCallback
        ? { MachineDetection: "DetectMessageEnd", AsyncAmd: "true", AsyncAmdStatusCallback: amdCallback, AsyncAmdStatusCallbackMethod: "POST" }
        : {};
      const result = await post("/Calls.json", {
        From: from,
        To: to,
        Url: url,
        Method: "POST",
        StatusCallback: statusCallback,
        StatusCallbackMethod: "POST",
        StatusCallbackEvent: "completed",
        ...detection,
      });
      return { sid: result.sid ?? "" };
    },
    async searchNumbers({ country, areaCode, contains }) {
      const query = new URLSearchParams({ PageSize: "20", ...(areaCode ? { AreaCode: areaCode } : {}), ...(contains ? { Contains: contains } : {}) });
      const result = await send<{ available_phone_numbers?: TwilioAvailableNumber[] }>("GET", `/AvailablePhoneNumbers/${country}/Local.json?${query}`);
      return (result.available_phone_numbers ?? []).map(({ phone_number, friendly_name, locality, region }) => ({
        phone_number,
        friendly_name,
        locality: locality ?? "",
        region: region ?? "",
      }));
    },
    async buyNumber({ phoneNumber, friendlyName, webhooks }) {
      const form = { PhoneNumber: phoneNumber, ...(friendlyName ? { FriendlyName: friendlyName } : {}), ...webhookForm(webhooks) };
      return ownedNumber(await send<TwilioNumber>("POST", "/IncomingPhoneNumbers.json", form));
    },
    async listNumbers() {
      const numbers: OwnedNumber[] = [];
      let next: string | null = "/IncomingPhoneNumbers.json?PageSize=100";
      while (next) {
        const page: { incoming_phone_numbers?: TwilioNumber[]; next_page_uri?: string | null } = await send("GET", next);
        numbers.push(...(page.incoming_phone_numbers ?? []).map(ownedNumber));
        next = page.next_page_uri ? `${options.baseUrl}${page.next_page_uri}` : null;
      }
      return numbers;
    },
    async updateNumber(sid, { friendlyName, webhooks }) {
      const form = { ...(friendlyName !== undefined ? { FriendlyName: friendlyName } : {}), ...(webhooks ? webhookForm(webhooks) : {}) };
      return ownedNumber(await send<TwilioNumber>("POST", `/IncomingPhoneNumbers/${sid}.json`, form));
    },
    async releaseNumber(sid) {
      await send("DELETE", `/IncomingPhoneNumbers/${sid}.json`);
    },
    async localNumberPrice(country) {
      const pricing = await send<{ phone_number_prices?: { number_type: string; current_price: string }[]; price_unit?: string }>(
        "GET",
        `${options.pricingBaseUrl ?? "https://pricing.twilio.com"}/v1/PhoneNumbers/Countries/${country}`,
      );
      const local = pricing.phone_number_prices?.find((price) => price.number_type === "local");
      return local ? { amount: local.current_price, currency: pricing.price_unit ?? "USD" } : null;
    },
    async messagePrice(country) {
      const pricing = await send<MessagingCountry>("GET", `${options.pricingBaseUrl ?? "https://pricing.twilio.com"}/v1/Messaging/Countries/${country}`);
      const prices = (pricing.outbound_sms_prices ?? []).flatMap((carrier) => carrier.prices ?? []);
      // Our senders are local numbers; a country that prices only other kinds is charged at the dearest it lists.
      const local = prices.filter((price) => price.number_type === "local");
      const amounts = (local.length ? local : prices).map((price) => Number(price.current_price)).filter((amount) => Number.isFinite(amount) && amount > 0);
      return amounts.length ? { amount: Math.max(...amounts), currency: (pricing.price_unit ?? "USD").toUpperCase() } : null;
    },
  };
}

/** The Pricing API's Messaging Country (prices are decimal strings, as Twilio sends them; its OpenAPI types say number). */
interface MessagingCountry {
  outbound_sms_prices?: { carrier?: string; prices?: { number_type?: string; current_price?: string | number }[] }[];
  price_unit?: string;
}

interface TwilioNumber {
  sid: string;
  phone_number: string;
  friendly_name?: string;
  voice_url?: string | null;
  sms_url?: string | null;
}

const ownedNumber = (number: TwilioNumber): OwnedNumber => ({
  sid: number.sid,
  phoneNumber: number.phone_number,
  friendlyName: number.friendly_name ?? number.phone_number,
  voiceUrl: number.voice_url ?? "",
  smsUrl: number.sms_url ?? "",
});
