/**
 * A Twilio REST simulator: Messages, Calls (create) and call updates, and phone numbers (search, buy, list,
 * update, release: twilio-numbers.ts) under /2010-04-01/Accounts/{sid}, and the Pricing API's prices of numbers and
 * of texts (twilio-messaging-prices.ts), with basic auth, answering Twilio's JSON
 * shapes and recording every request (GET /__requests to read them; POST /__numbers adds a number to the account
 * as if bought elsewhere, with the webhooks given). POST /__callees `{phone_number, answers: "human" | "machine" |
 * "fax"}` sets who picks up that number's calls from then on (twilio-callee.ts); GET /__calls lists the calls placed,
 * with who answered, what detection said and what the callee heard; GET /__calls/{CallSid}/redirect: an inbound call's updates, for its simulated caller.
 * POST /__delays `{path_contains, ms}` makes every request whose path contains that text answer `ms` later, as a slow
 * Twilio would (`ms: 0` removes it).
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import { callRedirects } from "./call-redirects";
import { listenLocal, readText, sendJson } from "./http";
import { speechWav } from "./speech";
import { messagingCountryPrices } from "./twilio-messaging-prices";
import { phoneNumberInventory } from "./twilio-numbers";
import { CALLEE_KINDS, type CalleeKind } from "./twilio-callee";
import { OutboundCall } from "./twilio-outbound";

/** A recording's bytes as Twilio serves them: whole, or the `Range` asked for (206), or 416 past the end. */
function sendRecording(response: ServerResponse, audio: Buffer, range: string | undefined) {
  const headers = { "content-type": "audio/x-wav", "accept-ranges": "bytes" };
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range) : null;
  if (!match) return void response.writeHead(200, { ...headers, "content-length": String(audio.length) }).end(audio);
  const start = match[1] ? Number(match[1]) : Math.max(0, audio.length - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), audio.length - 1) : audio.length - 1;
  if (start >= audio.length || start > end) {
    return void response.writeHead(416, { ...headers, "content-range": `bytes */${audio.length}` }).end();
  }
  response
    .writeHead(206, { ...headers, "content-range": `bytes ${start}-${end}/${audio.length}`, "content-length": String(end - start + 1) })
    .end(audio.subarray(start, end + 1));
}

export interface TwilioRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}

export interface TwilioRestSimulator {
  baseUrl: string;
  requests: TwilioRequest[];
  close(): Promise<void>;
}

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

export interface SimulatedAccount {
  accountSid: string;
  authToken: string;
  friendlyName?: string;
}

/**
 * Serves one or more accounts (the platform's, and a business's own), each behind its own basic auth and with its
 * own numbers, as Twilio keeps them apart.
 */
export async function startTwilioRestSimulator(
  options: SimulatedAccount & { port: number; otherAccounts?: SimulatedAccount[]; log?: (line: string) => void },
): Promise<TwilioRestSimulator> {
  const log = options.log ?? (() => undefined);
  const requests: TwilioRequest[] = [];
  /** Numbers that answer as something other than a person. */
  const callees = new Map<string, CalleeKind>();
  const delays = new Map<string, number>();
  const accounts = new Map(
    [options, ...(options.otherAccounts ?? [])].map((account) => [
      account.accountSid,
      {
        ...account,
        numbers: phoneNumberInventory(account.accountSid),
        deletedRecordings: new Set<string>(),
        calls: [] as { sid: string; from: string; to: string; date_created: string; created: number; placed: OutboundCall | null }[],
        auth: `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString("base64")}`,
      },
    ]),
  );
  const redirects = callRedirects();
  const server: Server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) => sendJson(response, status, body);
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname === "/__requests") return json(200, requests);
    if (url.pathname === "/__callees" && request.method === "POST") {
      const { phone_number, answers } = JSON.parse(await readText(request)) as { phone_number?: string; answers?: CalleeKind };
      if (!phone_number || !answers || !CALLEE_KINDS.includes(answers))
        return json(400, { message: `Give phone_number and answers: ${CALLEE_KINDS.join(", ")}` });
      callees.set(phone_number, answers);
      return json(200, { phone_number, answers });
    }
    if (url.pathname === "/__calls") {
      const placed = [...accounts.values()].flatMap((account) => account.calls.filter((call) => call.placed));
      return json(
        200,
        placed.map(({ sid, to, placed: call }) => ({
          sid,
          to,
          callee: callees.get(to) ?? "human",
          status: call!.status,
          answered_by: call!.answeredBy,
          heard: call!.heard,
        })),
      );
    }
    const redirect = /^\/__calls\/(CA[0-9a-f]{32})\/redirect$/i.exec(url.pathname);
    if (redirect && request.method === "GET") return redirects.answer(response, redirect[1]!, Number(url.searchParams.get("wait_ms") ?? 0));
    if (url.pathname === "/__delays" && request.method === "POST") {
      const { path_contains, ms } = JSON.parse(await readText(request)) as { path_contains: string; ms: number };
      if (ms > 0) delays.set(path_contains, ms);
      else delays.delete(path_contains);
      return json(200, Object.fromEntries(delays));
    }
    if (url.pathname === "/__numbers" && request.method === "POST") {
      const { phone_number, voice_url = "", sms_url = "", account_sid = options.accountSid } = JSON.parse(await readText(request)) as Record<string, string>;
      const account = accounts.get(account_sid);
      if (!account) return json(404, { message: "No such simulated account" });
      return json(201, account.numbers.seed(phone_number!, { VoiceUrl: voice_url, SmsUrl: sms_url }));
    }
    // Account resources name their account in the path; the Pricing API only in the credentials.
    const named = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})/i.exec(url.pathname)?.[1];
    const account = named ? accounts.get(named) : [...accounts.values()].find((candidate) => candidate.auth === request.headers.authorization);
    if (!account || request.headers.authorization !== account.auth) {
      return json(401, { code: 20003, message: "Authenticate", more_info: "https://www.twilio.com/docs/errors/20003", status: 401 });
    }
    const text = await readText(request);
    const form = Object.fromEntries(new URLSearchParams(text));
    requests.push({ method: request.method ?? "GET", path: url.pathname, form });
    const delay = [...delays].find(([part]) => url.pathname.includes(part))?.[1];
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const base = `/2010-04-01/Accounts/${account.accountSid}`;
    if (request.method === "GET" && url.pathname === `${base}.json`) {
      return json(200, {
        sid: account.accountSid,
        owner_account_sid: account.accountSid,
        friendly_name: account.friendlyName ?? "My first Twilio account",
        status: "active",
        type: "Full",
        date_created: "Mon, 02 Mar 2026 10:00:00 +0000",
        date_updated: "Mon, 02 Mar 2026 10:00:00 +0000",
        uri: `${base}.json`,
      });
    }
    const recording = new RegExp(`^${base}/Recordings/(RE[0-9a-f]{32})\\.(wav|mp3)$`).exec(url.pathname);
    if (request.method === "GET" && recording) return sendRecording(response, speechWav(`recording ${recording[1]}`.repeat(6)), request.headers.range);
    // Twilio's DELETE of a recording: 204, or 404 once it is gone.
    const recordingResource = new RegExp(`^${base}/Recordings/(RE[0-9a-f]{32})\\.json$`).exec(url.pathname);
    if (request.method === "DELETE" && recordingResource) {
      if (account.deletedRecordings.has(recordingResource[1]!)) return json(404, { code: 20404, message: "The requested resource was not found", status: 404 });
      account.deletedRecordings.add(recordingResource[1]!);
      return void response.writeHead(204).end();
    }
    const prices = messagingCountryPrices(request.method ?? "GET", url);
    if (prices) return json(prices.status, prices.body);
    const numberAnswer = account.numbers.handle(request.method ?? "GET", url, form);
    if (numberAnswer) {
      if (numberAnswer.status === 204) return void response.writeHead(204).end();
      return json(numberAnswer.status, numberAnswer.body);
    }
    if (request.method === "POST" && url.pathname === `${base}/Messages.json`) {
      return json(201, {
        sid: sid("SM"),
        account_sid: account.accountSid,
        from: form.From,
        to: form.To,
        body: form.Body,
        status: "queued",
        direction: "outbound-api",
      });
    }
    // Twilio's call resource: its status as the call goes (twilio-outbound.ts places it).
    const resource = (call: (typeof account.calls)[number]) => ({
      sid: call.sid,
      account_sid: account.accountSid,
      from: call.from,
      to: call.to,
      status: call.placed?.status ?? "queued",
      direction: "outbound-api",
      date_created: call.date_created,
      duration: call.placed?.duration === null || !call.placed ? null : String(call.placed.duration),
      end_time: call.placed?.endedAt ? call.placed.endedAt.toUTCString().replace("GMT", "+0000") : null,
      uri: `${base}/Calls/${call.sid}.json`,
    });
    if (request.method === "POST" && url.pathname === `${base}/Calls.json`) {
      const callSid = sid("CA");
      const call = {
        sid: callSid,
        from: form.From ?? "",
        to: form.To ?? "",
        date_created: new Date().toUTCString().replace("GMT", "+0000"),
        created: Date.now(),
        placed: null as OutboundCall | null,
      };
      account.calls.push(call);
      const answer = resource(call);
      // As Twilio does, the call is placed once the request is accepted: it rings, is answered, fetches its TwiML.
      if (form.Url || form.Twiml) {
        // StatusCallbackEvent may repeat (as Twilio's libraries send a list), or list its events in one value.
        const events = new URLSearchParams(text).getAll("StatusCallbackEvent").join(" ");
        const placedForm = events ? { ...form, StatusCallbackEvent: events } : form;
        call.placed = new OutboundCall({
          accountSid: account.accountSid,
          authToken: account.authToken,
          sid: callSid,
          from: call.from,
          to: call.to,
          form: placedForm,
          callee: callees.get(call.to) ?? "human",
          log,
        });
      }
      return json(201, answer);
    }
    // Twilio's call list: newest first, filtered by To and From, one page of PageSize (50 by default).
    if (request.method === "GET" && url.pathname === `${base}/Calls.json`) {
      const to = url.searchParams.get("To");
      const from = url.searchParams.get("From");
      const pageSize = Number(url.searchParams.get("PageSize") ?? 50);
      const calls = account.calls
        .filter((call) => (!to || call.to === to) && (!from || call.from === from))
        .sort((a, b) => b.created - a.created)
        .slice(0, pageSize)
        .map(resource);
      return json(200, { calls, page: 0, page_size: pageSize, next_page_uri: null, uri: `${base}/Calls.json` });
    }
    const callPath = new RegExp(`^${base}/Calls/(CA[0-9a-f]{32})\\.json$`).exec(url.pathname);
    const known = callPath ? account.calls.find((call) => call.sid === callPath[1]) : undefined;
    if (callPath && request.method === "GET") {
      return known ? json(200, resource(known)) : json(404, { code: 20404, message: "The requested resource was not found", status: 404 });
    }
    // A call update: new TwiML (Twiml, Url) or its end (Status). A call that is over cannot be redirected (21220).
    if (callPath && request.method === "POST") {
      if (known?.placed?.endedAt && !form.Status) {
        return json(400, {
          code: 21220,
          message: "Call is not in-progress. Cannot redirect.",
          more_info: "https://www.twilio.com/docs/errors/21220",
          status: 400,
        });
      }
      known?.placed?.update(form);
      // A call it did not place (an inbound call a simulated caller drives): its caller runs the update (call-redirects.ts).
      if (!known) redirects.update(callPath[1]!, form);
      return json(200, known ? resource(known) : { sid: callPath[1], account_sid: account.accountSid, status: form.Status ?? "in-progress" });
    }
    json(404, { code: 20404, message: "The requested resource was not found", status: 404 });
  });
  const close = await listenLocal(server, options.port);
  return { baseUrl: `http://127.0.0.1:${options.port}`, requests, close };
}
