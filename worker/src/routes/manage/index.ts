import { MANAGE_PAGE_COPY, freeSlots, isLocalDate, isoInZone, labelLanguageOf, parseInstant, zoneName, zonedInstant, zonedSlotLabel } from "@nikki/core";
import { eq } from "drizzle-orm";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bookingDepsOf } from "../../appointments/booking-deps";
import { type ManagePageActor, cancel, reschedule } from "../../appointments/commands";
import { bookingContext } from "../../appointments/context";
import { tokenHash } from "../../appointments/manage-link";
import { ringingNumberFor } from "../../appointments/notify";
import { type AppointmentRow, availabilityNow, moveCheck } from "../../appointments/store";
import { clientIp } from "../../audit";
import { appointments, organizationSettings, organizations } from "../../db/schema";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { HOUR_MS, rateLimit } from "../../middleware/rate-limit";
import { DAYS_SHOWN, freeDays } from "./free-days";
import { type ManageView, manageHtml, problemHtml } from "./page";

type Ctx = Context<AppEnv>;

/** A visitor's requests to manage pages an hour, and one link's: enough for a person, too few to guess tokens. */
const PER_IP_HOUR = 60;
const PER_LINK_HOUR = 30;
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

/** How a canceled booking's person books again: the business's number, and its own link (contact page, else website). */
async function bookAgainOf(c: Ctx, row: AppointmentRow, domain: string | null): Promise<ManageView["bookAgain"]> {
  const [settings] = await c.var.db
    .select({ contactUrl: organizationSettings.contactUrl })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, row.organizationId));
  return {
    phone: await ringingNumberFor(c.var.db, row.organizationId, row.agentId),
    link: settings?.contactUrl ?? (domain ? `https://${domain}` : null),
  };
}

interface RenderOptions {
  notice?: { text: string; warn: boolean };
  from?: string;
  /** `?day=`: the day whose free times are shown. */
  day?: string;
  confirmCancel?: boolean;
  /** `?move=`: the time picked, asked about before it is taken. */
  move?: Date | null;
}

async function render(c: Ctx, row: AppointmentRow, options: RenderOptions) {
  const language = labelLanguageOf(row.language);
  const [organization] = await c.var.db
    .select({ name: organizations.name, domain: organizations.domain })
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  const booked = row.status === "booked";
  const move = booked && !options.confirmCancel && options.move ? options.move : null;
  const view: ManageView = {
    language,
    business: organization?.name ?? "",
    service: row.serviceName,
    label: zonedSlotLabel(row.startAt, row.timeZone, language),
    zone: zoneName(row.timeZone, language, row.startAt),
    code: row.confirmationCode,
    canceled: !booked,
    notice: options.notice ?? null,
    free: null,
    from: null,
    confirmCancel: booked && (options.confirmCancel ?? false),
    confirmMove: move && { start: isoInZone(row.timeZone, move), label: zonedSlotLabel(move, row.timeZone, language) },
    bookAgain: booked ? null : await bookAgainOf(c, row, organization?.domain ?? null),
    path: `/a/${c.req.param("token")}`,
  };
  const context = booked ? await bookingContext(c.var.db, row.organizationId, { serviceId: row.serviceId, agentId: row.agentId }) : null;
  if (context && !("problem" in context) && !view.confirmCancel && !view.confirmMove) {
    const zone = context.agent.timeZone;
    // The free times are in the agent's zone now (the booking's, unless the agent has moved since).
    view.zone = zoneName(zone, language);
    const input = await availabilityNow(bookingDepsOf(c.var.services), context, moveCheck(row, { notice: true }));
    const from = options.from && isLocalDate(options.from) ? options.from : null;
    // Enough for every time of the days shown and one more day's first (a day has at most a day's worth of steps).
    const limit = (DAYS_SHOWN + 1) * Math.ceil((24 * 60) / context.rules.stepMinutes);
    const slots = freeSlots(input, { from: from ? zonedInstant(zone, from, 0) : undefined, limit }).filter(
      (slot) => slot.start.getTime() !== row.startAt.getTime(),
    );
    view.free = freeDays(slots, zone, language, options.day);
    view.from = from;
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
    const language = labelLanguageOf(row.language);
    const copy = MANAGE_PAGE_COPY[language];
    const done = c.req.query("done");
    const notice =
      done === "moved"
        ? { text: copy.moved(zonedSlotLabel(row.startAt, row.timeZone, language)), warn: false }
        : done === "canceled"
          ? { text: copy.canceledNow, warn: false }
          : undefined;
    const move = c.req.query("move");
    return render(c, row, {
      notice,
      from: c.req.query("from"),
      day: c.req.query("day"),
      confirmCancel: c.req.query("confirm") === "cancel",
      move: move ? parseInstant(move, row.timeZone) : null,
    });
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
