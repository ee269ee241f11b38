import { AGENT_DEFAULTS, HOUSE_WIDGET_KEY, defaultGreeting, findPlan, PERSONA_NAME, PRODUCT_NAME, TRIAL_DAYS } from "@nikki/core";
import { and, eq } from "drizzle-orm";
import type { Database } from "./client";
import { ensureDefaultService } from "./default-service";
import { knowledgeBoxRow } from "./knowledge-box-row";
import { accounts, agents, knowledgeEntries, members, organizationSettings, organizations, phoneNumbers, users, widgetKeys } from "./schema";

/** The demo organization `npm start` and the end-to-end tests run against. Fixed ids keep seeding idempotent. */
export const DEMO = {
  organizationId: "org_demo",
  organizationName: `${PRODUCT_NAME} Demo`,
  ownerUserId: "usr_demo_owner",
  ownerEmail: "owner@demo.nikki.ai",
  ownerName: "Demo Owner",
  /** Local demo only: `npm start` prints it; a deployment never runs this seed. */
  ownerPassword: "nikki-demo-2026",
  agentId: "agt_demo_nikki",
  phoneNumberId: "num_demo_main",
  phoneNumber: "+15005550006",
  /** Where the demo agent transfers a caller who asks for a person (the Twilio simulator plays whoever answers). */
  transferNumber: "+14155550123",
  widgetKeyId: "wk_demo",
  publicWidgetKey: HOUSE_WIDGET_KEY,
} as const;

const WEEKDAY_HOURS = { open: "09:00", close: "18:00" };
const DEMO_DOMAIN = "demo.nikki.ai";
/** The demo agent's knowledge base: its typed section (knowledge/box.ts). */
const DEMO_KNOWLEDGE = `${PRODUCT_NAME} is an AI receptionist for small businesses. It answers calls 24/7 in English and Spanish, books appointments, captures leads, syncs to CRMs and sends SMS follow-ups. Plans start at $29 a month with a 14-day free trial.`;

/** `passwordHash` is the owner's password hashed by better-auth's own hasher (the seed script computes it). */
export async function seedDemoOrganization(db: Database, passwordHash: string): Promise<void> {
  await db
    .insert(organizations)
    .values({ id: DEMO.organizationId, name: DEMO.organizationName, slug: "nikki-demo", domain: DEMO_DOMAIN })
    .onConflictDoNothing();
  // Databases seeded before the domain passed the organization form's own check held "localhost".
  await db
    .update(organizations)
    .set({ domain: DEMO_DOMAIN })
    .where(and(eq(organizations.id, DEMO.organizationId), eq(organizations.domain, "localhost")));
  // The demo organization is on a fresh free trial each time it is seeded (without a plan, no trial left, its calls
  // would only take messages).
  await db
    .update(organizations)
    .set({ trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 86_400_000) })
    .where(eq(organizations.id, DEMO.organizationId));
  await db.insert(users).values({ id: DEMO.ownerUserId, name: DEMO.ownerName, email: DEMO.ownerEmail, emailVerified: true }).onConflictDoNothing();
  await db
    .insert(accounts)
    .values({ id: "acc_demo_owner", accountId: DEMO.ownerUserId, providerId: "credential", userId: DEMO.ownerUserId, password: passwordHash })
    .onConflictDoNothing();
  await db.insert(members).values({ id: "mem_demo_owner", organizationId: DEMO.organizationId, userId: DEMO.ownerUserId, role: "owner" }).onConflictDoNothing();
  // The demo texts only the simulators, and the benches text it by the dozen: its limits are the trial's (Growth's) bounds.
  const { perHourMax, perDayMax } = findPlan("growth")!.texts;
  await db.insert(organizationSettings).values({ organizationId: DEMO.organizationId, textsPerHour: perHourMax, textsPerDay: perDayMax }).onConflictDoNothing();
  await db
    .insert(agents)
    .values({
      id: DEMO.agentId,
      organizationId: DEMO.organizationId,
      name: PERSONA_NAME,
      language: AGENT_DEFAULTS.language,
      voice: AGENT_DEFAULTS.voice,
      status: "active",
      greeting: defaultGreeting(DEMO.organizationName, PERSONA_NAME),
      personaPrompt: `You are ${PERSONA_NAME}, the friendly, concise receptionist of ${PRODUCT_NAME}. You answer questions about plans, setup, billing and features, schedule callbacks and collect the caller's contact details.`,
      businessHoursTz: AGENT_DEFAULTS.timezone,
      tools: JSON.stringify(["book_appointment", "push_crm_lead", "send_sms", "transfer_call"]),
      escalationJson: JSON.stringify({ numbers: [DEMO.transferNumber], transfer_hours: null, keywords: ["emergency", "manager"] }),
      hoursJson: JSON.stringify({
        mon: [WEEKDAY_HOURS],
        tue: [WEEKDAY_HOURS],
        wed: [WEEKDAY_HOURS],
        thu: [WEEKDAY_HOURS],
        fri: [WEEKDAY_HOURS],
        sat: [],
        sun: [],
      }),
    })
    .onConflictDoNothing();
  await db
    .insert(knowledgeEntries)
    .values(knowledgeBoxRow({ organizationId: DEMO.organizationId, agentId: DEMO.agentId, agentName: PERSONA_NAME }, DEMO_KNOWLEDGE, "ke_demo_box"))
    .onConflictDoNothing();
  await db
    .insert(phoneNumbers)
    .values({
      id: DEMO.phoneNumberId,
      organizationId: DEMO.organizationId,
      twilioNumber: DEMO.phoneNumber,
      friendlyName: "Main line",
      assignedAgentId: DEMO.agentId,
      status: "active",
    })
    .onConflictDoNothing();
  await db
    .insert(widgetKeys)
    .values({
      id: DEMO.widgetKeyId,
      organizationId: DEMO.organizationId,
      publicKey: DEMO.publicWidgetKey,
      label: "Product site",
    })
    .onConflictDoNothing();
  await ensureDefaultService(db, DEMO.organizationId);
}
