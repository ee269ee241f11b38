import {
  AGENT_DEFAULTS,
  type CallAppointmentResource,
  URGENCY_HEADINGS,
  URGENCY_ORDER,
  bookedTimesText,
  languageCodeOf,
  languageName,
  localClock,
  localDate,
  urgencyOf,
} from "@nikki/core";
import { and, asc, eq, gt } from "drizzle-orm";
import { appointmentsOfCalls } from "../appointments/of-calls";
import { calls, members, organizationSettings, organizations, phoneNumbers, users } from "../db/schema";
import { type LogLevel, createLogger } from "../logger";
import { sendText } from "../messaging/send-text";
import type { Services } from "../services";
import { primaryAgent } from "../org/agents";
import { organizationTimeZoneColumn } from "../org/time-zone";
import { markDigested, newQuestions, questionLines } from "./digest-questions";

export const DIGEST_HOUR = 8;
const NIGHT_MS = 24 * 60 * 60 * 1000;

type CallRow = typeof calls.$inferSelect;
/** The caller's details as the analysis kept them (contact details as given; a call stored redacted before stays masked). */
const entitiesOf = (call: CallRow): Record<string, string> => (call.entities ? (JSON.parse(call.entities) as Record<string, string>) : {});

/** " - speaks Spanish" for a caller who spoke another language than the business's, so the call back is in theirs. */
function spokenLanguage(call: CallRow, businessLanguage: string): string {
  const code = languageCodeOf(call.language);
  return code && code !== languageCodeOf(businessLanguage) ? ` - speaks ${languageName(code)}` : "";
}

function describeCall(call: CallRow, booked: Map<string, CallAppointmentResource[]>, businessLanguage: string): string {
  const entities = entitiesOf(call);
  const who = entities.name || call.fromNumber;
  const reason = entities.intent || call.summary?.slice(0, 80) || (call.kind === "voicemail" ? "left a voicemail" : "no reason given");
  const urgency = entities.urgency ? ` (${entities.urgency})` : "";
  const times = bookedTimesText(booked.get(call.id) ?? []);
  return `• ${who} ${call.fromNumber !== who ? `${call.fromNumber} ` : ""}- ${reason}${urgency}${times ? ` - booked ${times}` : ""}${spokenLanguage(call, businessLanguage)}`;
}

/**
 * The night's calls under Urgent, then Follow up today, then the rest; headings only for groups with calls. `booked`:
 * what each call booked, in the business's time zone; a caller who spoke another language than `businessLanguage`
 * (the primary agent's) is marked with theirs.
 */
export function digestLines(
  night: CallRow[],
  booked: Map<string, CallAppointmentResource[]> = new Map(),
  businessLanguage: string = AGENT_DEFAULTS.language,
): string {
  return URGENCY_ORDER.map((level) => {
    const group = night.filter((call) => urgencyOf(entitiesOf(call).urgency) === level);
    return group.length ? `${URGENCY_HEADINGS[level]} (${group.length}):\n${group.map((call) => describeCall(call, booked, businessLanguage)).join("\n")}` : "";
  })
    .filter(Boolean)
    .join("\n\n");
}

function digestSubject(calls: number, questions: number): string {
  const parts = [
    calls ? `${calls} after-hours call${calls === 1 ? "" : "s"} overnight` : "",
    questions ? `${questions} new question${questions === 1 ? "" : "s"} to answer` : "",
  ];
  return parts.filter(Boolean).join(", ");
}

/**
 * At 8:00 in each business's time zone (the first run on or after it, once per local day): the owner gets a
 * text, and an e-mail when mail is configured, listing the night's after-hours calls with caller and reason, grouped by urgency, and the new questions callers asked that no knowledge answered (each listed once).
 */
export async function sendMorningDigests(services: Services, now = new Date()): Promise<number> {
  const { db } = services;
  const log = createLogger({ component: "morning_digest" }, services.config.LOG_LEVEL as LogLevel);
  const mailer = services.mailer(log);
  const organizationRows = await db
    .select({ id: organizations.id, name: organizations.name, settings: organizationSettings, timeZone: organizationTimeZoneColumn(db, organizations.id) })
    .from(organizations)
    .innerJoin(organizationSettings, eq(organizationSettings.organizationId, organizations.id));
  let sent = 0;
  for (const organization of organizationRows) {
    const agent = await primaryAgent(db, organization.id);
    const timeZone = organization.timeZone;
    const today = localDate(timeZone, now);
    if (localClock(timeZone, now).minutes < DIGEST_HOUR * 60 || organization.settings.lastDigestDate === today) continue;
    await db.update(organizationSettings).set({ lastDigestDate: today }).where(eq(organizationSettings.organizationId, organization.id));
    const night = await db
      .select()
      .from(calls)
      .where(and(eq(calls.organizationId, organization.id), eq(calls.afterHours, true), gt(calls.createdAt, new Date(now.getTime() - NIGHT_MS))))
      .orderBy(asc(calls.createdAt));
    const questions = await newQuestions(db, organization.id, now);
    if (night.length === 0 && questions.length === 0) continue;
    const booked = await appointmentsOfCalls(
      db,
      organization.id,
      night.map((call) => call.id),
      timeZone,
    );
    const callLines = night.length
      ? `${night.length} after-hours call${night.length === 1 ? "" : "s"} for ${organization.name}:\n\n${digestLines(night, booked, agent?.language)}`
      : "";
    const asked = questions.length ? questionLines(questions) : "";
    const text = `Good morning from Nikki! ${[callLines || `For ${organization.name}:`, asked].filter(Boolean).join("\n\n")}`;
    const [owner] = await db
      .select({ email: users.email })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(and(eq(members.organizationId, organization.id), eq(members.role, "owner")));
    const [number] = await db
      .select({ number: phoneNumbers.twilioNumber })
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.organizationId, organization.id), eq(phoneNumbers.status, "active")))
      .limit(1);
    const digestPhone = organization.settings.digestPhone;
    const texted = digestPhone
      ? await sendText(
          services,
          { organizationId: organization.id, from: number?.number ?? null, to: digestPhone, body: text.slice(0, 1500), purpose: "morning_digest" },
          { log },
        )
      : null;
    if (owner && mailer.delivers) {
      await mailer
        .send({ to: owner.email, subject: digestSubject(night.length, questions.length), text })
        .catch((error: unknown) => log.warn("digest_mail_failed", { organization_id: organization.id, error: String(error) }));
    }
    await markDigested(db, questions, now);
    log.info("morning_digest_sent", {
      organization_id: organization.id,
      calls: night.length,
      questions: questions.length,
      texted: texted?.status === "sent",
    });
    sent++;
  }
  return sent;
}
