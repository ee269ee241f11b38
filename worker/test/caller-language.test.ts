/**
 * The caller's language end to end (issue 37 §4) and the recording notice inside the greeting (§6): a Spanish caller
 * rings an English agent that also speaks Spanish, through the real webhook, bridge, tools and post-call pipeline.
 */
import { type BusinessLead, leadNeed } from "@nikki/core";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { digestLines } from "../src/jobs/morning-digest";
import type { calls } from "../src/db/schema";
import { type SignedUp, call, signUp } from "./accounts";
import { AROUND_THE_CLOCK, ZONE, twilioMessages } from "./booking";
import { SILENT, callSid, mediaMessage, openStream, startMessage, twilioPost, until } from "./twilio";
import { quiet, spoken } from "./spoken-call";

let owner: SignedUp;
let agentId: string;
const NUMBER = "+16465550137";
const CALLER = "+14155550188";

beforeAll(async () => {
  owner = await signUp({ company: "Fontanería Ruiz" });
  const created = await call("/api/agents", {
    cookie: owner.cookie,
    body: { name: "Rosa", business_hours_tz: ZONE, hours_json: AROUND_THE_CLOCK, secondary_language: "es-ES" },
  });
  expect(created.status).toBe(201);
  const { agent } = (await created.json()) as { agent: { id: string; secondary_language: string | null; secondary_greeting: string | null } };
  expect(agent).toMatchObject({ secondary_language: "es-ES", secondary_greeting: null });
  agentId = agent.id;
  await env.DB.prepare("insert into phone_numbers (id, organization_id, twilio_number, assigned_agent_id, status) values (?, ?, ?, ?, 'active')")
    .bind(crypto.randomUUID(), owner.organizationId, NUMBER, agentId)
    .run();
  await env.DB.prepare("update organization_settings set post_call_sms = 1 where organization_id = ?").bind(owner.organizationId).run();
});

describe("an agent's second language", () => {
  it("is one of the agent languages and not the agent's own; the line in both languages is the business's, or the pair's default", async () => {
    const patch = (body: Record<string, unknown>) => call(`/api/agents/${agentId}`, { cookie: owner.cookie, method: "PATCH", body });
    const own = await patch({ secondary_language: "en-US" });
    expect(own.status).toBe(400);
    expect(await own.json()).toMatchObject({
      error: {
        code: "validation_failed",
        fields: { secondary_language: "The second language must be one of en-US, es-ES, fr-FR, de-DE, it-IT, pt-BR, and not the agent's own language." },
      },
    });
    expect((await patch({ secondary_language: "ja-JP" })).status).toBe(400);
    expect(await (await patch({ secondary_greeting: "x".repeat(201) })).json()).toMatchObject({
      error: { fields: { secondary_greeting: "The line in both languages can be at most 200 characters." } },
    });
    // Switching the agent to the second language it has is refused too.
    expect((await patch({ language: "es-ES" })).status).toBe(400);
    const written = await patch({ secondary_greeting: "  Se habla español.  " });
    expect(((await written.json()) as { agent: { secondary_greeting: string } }).agent.secondary_greeting).toBe("Se habla español.");
    const cleared = await patch({ secondary_greeting: "" });
    expect(((await cleared.json()) as { agent: { secondary_greeting: string | null } }).agent.secondary_greeting).toBeNull();
  });
});

describe("a Spanish caller, end to end", { timeout: 60_000 }, () => {
  it("opens in both languages with the notice, stores `es`, books and texts in Spanish, and notes the language in the summary", async () => {
    const sid = callSid();
    const answer = await twilioPost("/twilio/voice/inbound", {
      CallSid: sid,
      AccountSid: env.TWILIO_ACCOUNT_SID!,
      From: CALLER,
      To: NUMBER,
      Direction: "inbound",
      CallStatus: "ringing",
    });
    const twiml = await answer.text();
    // Nothing is said before the stream: the notice is the agent's (§6).
    expect(twiml).not.toContain("<Say");
    expect(twiml).toMatch(/<Start><Recording [^>]*\/><\/Start><Connect /);
    const callId = /<Parameter name="callId" value="([^"]+)"/.exec(twiml)![1]!;
    const token = /<Parameter name="token" value="([^"]+)"/.exec(twiml)![1]!;
    const stream = await openStream(sid);
    stream.socket.send(startMessage(sid, { callId, token }));
    await until(() => stream.received.some((m) => m.event === "media"));
    await quiet(stream.received);
    // The caller hears the greeting out (Twilio echoes each mark once the audio before it has played), then speaks.
    for (const m of stream.received.filter((m) => m.event === "mark"))
      stream.socket.send(JSON.stringify({ event: "mark", streamSid: `MZ${sid.slice(2)}`, mark: m.mark }));

    let t = 0;
    const say = async (line: string) => {
      for (const frame of [...spoken(line), ...Array.from({ length: 30 }, () => SILENT)]) stream.socket.send(mediaMessage(sid, (t += 20), frame));
    };
    const before = stream.received.length;
    await say("Hola, soy Lucía Fernández y mi número es +1 415 555 0188. Quiero una cita para mañana a las 10.");
    await until(() => stream.received.length > before && stream.received.some((m, i) => i >= before && m.event === "media"));
    await quiet(stream.received);
    await say("Sí, la primera me va bien.");

    // Booked in the caller's language: the appointment (its texts, reminders and manage page) and the confirmation text.
    const appointment = await until(() =>
      env.DB.prepare("select language, confirmation_code from appointments where call_id = ?")
        .bind(callId)
        .first<{ language: string; confirmation_code: string }>(),
    );
    expect(appointment.language).toBe("es-ES");
    const confirmation = await until(async () =>
      (await twilioMessages()).find((m) => m.form.To === CALLER && m.form.Body?.includes(appointment.confirmation_code)),
    );
    expect(confirmation.form.Body).toMatch(/^Fontanería Ruiz: su cita queda reservada para el \p{L}+ \d+ de \p{L}+ a las? \d{1,2}:\d\d \(hora [\p{L} ]+\)\. /u);
    // Stored on the call from the first turn, before the call ended (the tool told it).
    expect(await env.DB.prepare("select language from calls where id = ?").bind(callId).first("language")).toBe("es");

    await quiet(stream.received);
    stream.socket.send(JSON.stringify({ event: "stop", sequenceNumber: "99", streamSid: `MZ${sid.slice(2)}`, stop: { callSid: sid } }));
    await twilioPost("/twilio/voice/status", { CallSid: sid, CallStatus: "completed", CallDuration: "30", AccountSid: env.TWILIO_ACCOUNT_SID! });
    const stored = await until(async () => {
      const row = await env.DB.prepare("select * from calls where id = ?").bind(callId).first<Record<string, string | null>>();
      return row?.processing_status === "processed" ? row : null;
    }, 20_000);
    expect(stored.language).toBe("es");
    // The summary is in the business's language (the agent's, English), with the caller's language noted.
    expect(stored.summary).toMatch(/^\S.* The caller spoke Spanish\.$/);
    // What they wanted, said in the business's language from the booking, so the lead says more than "… called." (issue 54).
    expect(stored.summary).toMatch(/^\[NAME\] called to book an appointment\. /);
    const { leads } = (await (await call("/api/leads", { cookie: owner.cookie })).json()) as { leads: BusinessLead[] };
    expect(leadNeed(leads.find((lead) => lead.call_id === callId)!)).toBe("Lucía Fernández called to book an appointment.");
    const transcript = JSON.parse(String(stored.transcript)) as { role: string; content: string }[];
    // The transcript shows the notice was said, in the agent's voice, then the greeting and the line in both languages.
    expect(transcript[0]).toEqual(
      expect.objectContaining({
        role: "assistant",
        content:
          "This call may be recorded. Thanks for calling Fontanería Ruiz, this is Rosa. How can I help? We also speak Spanish. También hablamos español.",
      }),
    );

    // The follow-up text is in Spanish too.
    const followUp = await until(async () => (await twilioMessages()).find((m) => m.form.To === CALLER && m.form.Body?.startsWith("¡Gracias por llamar")));
    expect(followUp.form.Body).toBe(
      "¡Gracias por llamar a Fontanería Ruiz! Tenemos sus datos y le contactaremos pronto. Responda aquí si necesita algo más. Responda STOP para no recibir mensajes.",
    );

    // The dashboard reads the caller's language on the call's detail.
    const detail = (await (await call(`/api/calls/${callId}`, { cookie: owner.cookie })).json()) as { call: { language: string | null } };
    expect(detail.call.language).toBe("es");
  });
});

describe("the morning digest", () => {
  it("marks a caller who spoke another language than the business's, so the call back is in theirs", () => {
    const night = (language: string | null, fromNumber: string) =>
      ({ id: crypto.randomUUID(), fromNumber, kind: "conversation", summary: "Wants a plumber.", entities: null, language }) as typeof calls.$inferSelect;
    const lines = digestLines([night("es", "+14155550101"), night("en", "+14155550102"), night(null, "+14155550103")], new Map(), "en-US");
    expect(lines.split("\n").slice(1)).toEqual([
      "• +14155550101 - Wants a plumber. - speaks Spanish",
      "• +14155550102 - Wants a plumber.",
      "• +14155550103 - Wants a plumber.",
    ]);
    expect(digestLines([night("en", "+14155550102")], new Map(), "es-ES")).toContain("- speaks English");
  });
});
