import { type CallOutcome, HANGUP_SECONDS } from "@nikki/core";
import { sql } from "drizzle-orm";
import { calls } from "./schema";

/** A tool the call ran successfully (its metrics): a Test Suite call's booking or lead is recorded, not stored, yet it happened. */
const toolRan = (name: string) =>
  sql<number>`exists (select 1 from json_each(coalesce(${calls.metrics}, '{}'), '$.tools') t where json_extract(t.value, '$.name') = ${name} and json_extract(t.value, '$.ok'))`;
const booked = sql<number>`(exists (select 1 from appointments a where a.call_id = ${calls.id}) or ${toolRan("book_appointment")})`;
const leadSaved = sql<number>`(exists (select 1 from leads l where l.call_id = ${calls.id}) or ${toolRan("push_crm_lead")})`;
const captured = sql<number>`(coalesce(json_extract(${calls.entities}, '$.name'), '') != '' and coalesce(json_extract(${calls.entities}, '$.phone'), '') != '')`;
const callerSpoke = sql<number>`coalesce(${calls.transcript}, '') like '%"role":"user"%'`;
/** The agent's words after the caller's first: a quick question answered is not a hang-up. */
const callerAnswered = sql<number>`instr(substr(coalesce(${calls.transcript}, ''), instr(coalesce(${calls.transcript}, ''), '"role":"user"')), '"role":"assistant"') > 0`;

/** core's callOutcome() rule in SQL, so lists, Overview and alerts filter and count by it in the database. */
export const outcomeSql = sql<CallOutcome>`case
  when ${calls.screened} = 'silent' then 'silent'
  when ${calls.screened} is not null then 'spam'
  when ${calls.answeredBy} = 'machine' then 'voicemail'
  when ${calls.answeredBy} = 'fax' then 'hangup'
  when ${booked} then 'appointment'
  when ${leadSaved} or ${captured} then 'lead'
  when ${calls.status} = 'in-progress' then 'in_progress'
  when ${calls.placedFor} = 'test_call' then 'test_call'
  when not ${callerSpoke} or (coalesce(${calls.durationSeconds}, 0) < ${HANGUP_SECONDS} and not ${callerAnswered}) then 'hangup'
  else 'info' end`;

/**
 * A call the plan's minutes count (with the Test Suite's left out by the caller): not a screened one (silent, blocked,
 * robocall), nor one the caller left before Nikki answered (abandoned: the AI never took it).
 */
export const inPlanMinutes = sql`(${calls.screened} is null and ${calls.status} != 'abandoned')`;
/** Not a member's own test call (Numbers' or Agents' Test Call): Overview does not count it as an answered call. */
export const notTestCall = sql`coalesce(${calls.placedFor}, '') != 'test_call'`;
/** A call Overview lists: not spam (blocked, robocall; a silent one still shows), not a ring abandoned before Nikki answered. */
export const notSpam = sql`(coalesce(${calls.screened}, 'silent') = 'silent' and ${calls.status} != 'abandoned')`;
