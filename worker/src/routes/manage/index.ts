import {
  MANAGE_PAGE_COPY,
  freeSlots,
  isLocalDate,
  isoInZone,
  labelLanguageOf,
  localParts,
  parseInstant,
  slotLabel,
  timeLabel,
  zonedInstant,
} from "@nikki/core";
import { eq } from "drizzle-orm";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bookingDepsOf } from "../../appointments/booking-deps";
import { type ManagePageActor, cancel, reschedule } from "../../appointments/commands";
import { bookingContext } from "../../appointments/context";
import { tokenHash } from "../../appointments/manage-link";
import { type AppointmentRow, availabilityNow, moveCheck } from "../../appointments/store";
import { clientIp } from "../../audit";
import { appointments, organizations } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { HOUR_MS, rateLimit } from "../../middleware/rate-limit";
import { manageHtml, problemHtml } from "./page";

type Ctx = Context<AppEnv>;

/** A visitor's requests to manage pages an hour, and one link's: enough for a person, too few to guess tokens. */
const PER_IP_HOUR = 60;
const PER_LINK_HOUR = 30;
const DAYS_SHOWN = 3;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  // The URL is the credential: it must not leak to another site or be framed.
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

const page = (c: Ctx, html: string, status: 200 | 404 | 429 = 200) => c.body(html, status, HEADERS);

const limited = rateLimit([
  { key: (c) => `manage:ip:${clientIp(c) ?? "unknown"}`, limit: PER_IP_HOUR, windowMs: HOUR_MS, code: "rate_limited" },
  { key: (c) => `manage:link:${c.req.param("token") ?? ""}`, limit: PER_LINK_HOUR, windowMs: HOUR_MS, code: "rate_limited" },
]);

/** The limits, answered with a page rather than the API's envelope. */
const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    await limited(c, next);
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return page(c, problemHtml("tooMany"), 429);
    throw error;
  }
};

/** The appointment a link names, while it has not passed; null for a bad, unknown or expired link. */
async function appointmentOfLink(c: Ctx): Promise<AppointmentRow | null> {
  const token = c.req.param("token") ?? "";
  if (!TOKEN.test(token)) return null;
  const [row] = await c.var.db
    .select()
    .from(appointments)
    .where(eq(appointments.manageTokenHash, await tokenHash(token)));
  return row && row.endAt.getTime() > Date.now() ? row : null;
}

async function render(c: Ctx, row: AppointmentRow, options: { notice?: { text: string; warn: boolean }; from?: string; confirmCancel?: boolean }) {
  const language = labelLanguageOf(row.language);
  const [organization] = await c.var.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, row.organizationId));
  const view = {
    language,
    business: organization?.name ?? "",
    service: row.serviceName,
    label: slotLabel(row.startAt, row.timeZone, language),
    code: row.confirmationCode,
    canceled: row.status === "canceled",
    notice: options.notice ?? null,
    days: [] as { date: string; times: { start: string; time: string }[] }[],
    laterFrom: null as string | null,
    confirmCancel: options.confirmCancel ?? false,
    path: `/a/${c.req.param("token")}`,
  };
  const context = row.status === "booked" ? await bookingContext(c.var.db, row.organizationId, { serviceId: row.serviceId, agentId: row.agentId }) : null;
  if (context && !("problem" in context) && !view.confirmCancel) {
    const zone = context.agent.timeZone;
    const input = await availabilityNow(bookingDepsOf(c.var.services), context, moveCheck(row, { notice: true }));
    const from = options.from && isLocalDate(options.from) ? zonedInstant(zone, options.from, 0) : undefined;
    const slots = freeSlots(input, { from, limit: 200 }).filter((slot) => slot.start.getTime() !== row.startAt.getTime());
    for (const slot of slots) {
      const date = localParts(zone, slot.start).date;
      let day = view.days.find((entry) => entry.date === date);
      if (!day) {
        if (view.days.length === DAYS_SHOWN) {
          view.laterFrom = date;
          break;
        }
        day = { date, times: [] };
        view.days.push(day);
      }
      day.times.push({ start: isoInZone(zone, slot.start), time: timeLabel(slot.start, zone, language) });
    }
  }
  return page(c, manageHtml(view));
}

async function formStart(c: Ctx, row: AppointmentRow): Promise<Date | null> {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  return typeof form.start === "string" ? parseInstant(form.start, row.timeZone) : null;
}

/** The booked person, acting on their own page. */
const visitor = (c: Ctx): ManagePageActor => ({ kind: "manage_page", ip: clientIp(c) });

/**
 * `/a/{token}`: the booked person's own page (issue 35 §5): see the booking, move it to a free time, or cancel it.
 * Rate-limited; a bad or expired link gets a clear page, never an error envelope.
 */
export const manageRoutes = new Hono<AppEnv>()
  .get("/:token", guard, async (c) => {
    const row = await appointmentOfLink(c);
    if (!row) return page(c, problemHtml("invalid"), 404);
    const copy = MANAGE_PAGE_COPY[labelLanguageOf(row.language)];
    const done = c.req.query("done");
    const notice =
      done === "moved"
        ? { text: copy.moved(slotLabel(row.startAt, row.timeZone, labelLanguageOf(row.language))), warn: false }
        : done === "canceled"
          ? { text: copy.canceledNow, warn: false }
          : undefined;
    return render(c, row, { notice, from: c.req.query("from"), confirmCancel: c.req.query("confirm") === "cancel" && row.status === "booked" });
  })
  .post("/:token/reschedule", guard, async (c) => {
    const row = await appointmentOfLink(c);
    if (!row) return page(c, problemHtml("invalid"), 404);
    const copy = MANAGE_PAGE_COPY[labelLanguageOf(row.language)];
    const start = await formStart(c, row);
    const context = await bookingContext(c.var.db, row.organizationId, { serviceId: row.serviceId, agentId: row.agentId });
    if (!start || "problem" in context || row.status !== "booked") return render(c, row, { notice: { text: copy.taken, warn: true } });
    const outcome = await reschedule(c.var, visitor(c), context, row, start);
    if (!outcome.ok) return render(c, row, { notice: { text: copy.taken, warn: true } });
    return c.redirect(`/a/${c.req.param("token")}?done=moved`, 303);
  })
  .post("/:token/cancel", guard, async (c) => {
    const row = await appointmentOfLink(c);
    if (!row) return page(c, problemHtml("invalid"), 404);
    await cancel(c.var, visitor(c), row);
    return c.redirect(`/a/${c.req.param("token")}?done=canceled`, 303);
  });
