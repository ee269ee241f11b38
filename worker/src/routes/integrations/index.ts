import {
  type CalendarCopiesResource,
  INTEGRATION_MESSAGES,
  INTEGRATION_PROVIDERS,
  type IntegrationProvider,
  type IntegrationResource,
  credentialHint,
  credentialSchemas,
  integrationBadge,
  integrationInfo,
  integrationSaveSchema,
  isIntegrationProvider,
  isCalendar,
} from "@nikki/core";
import { type Context, Hono } from "hono";
import { calendarCopyStats } from "../../appointments/calendar-copies";
import { audit } from "../../audit";
import type { AppEnv } from "../../app-env";
import { ApiError } from "../../http/api-error";
import { parseBody, parseValue } from "../../http/parse-body";
import {
  type IntegrationRow,
  deleteIntegration,
  integrationRows,
  openIntegration,
  readIntegration,
  recordIntegrationTest,
  saveIntegration,
} from "../../services/integrations/store";
import { testConnection } from "../../services/integrations/test-connection";
import { copyBookingsToConnected } from "./calendar-connected";
import { googleCalendarRoutes } from "./google-calendar";
import { access, orgCaller } from "../../middleware/access";
import { hourly, rateLimit } from "../../middleware/rate-limit";

type Ctx = Context<AppEnv>;

function providerOf(c: Ctx): IntegrationProvider {
  const provider = c.req.param("provider") ?? "";
  if (!isIntegrationProvider(provider)) throw new ApiError("not_found", { message: INTEGRATION_MESSAGES.unknownProvider });
  return provider;
}

type CopyStats = Awaited<ReturnType<typeof calendarCopyStats>>;

/** A calendar's copies as its card shows them; null for a provider that is not a calendar. */
function copiesOf(provider: IntegrationProvider, stats: CopyStats): CalendarCopiesResource | null {
  return isCalendar(provider) ? (stats.get(provider) ?? { last_copied_at: null, pending: 0, failing: 0 }) : null;
}

async function resourceOf(c: Ctx, provider: IntegrationProvider, row: IntegrationRow | undefined, stats: CopyStats): Promise<IntegrationResource> {
  let hint: string | null = null;
  if (row) {
    try {
      hint = credentialHint(provider, (await openIntegration(c.var.db, c.var.config, row)).credentials);
    } catch (error) {
      // Stored under a key this deployment no longer has: still listed, so it can be entered again.
      c.var.log.warn("integration_unreadable", { provider, organization_id: row.organizationId, error: String(error) });
      hint = "Stored credentials cannot be read: enter them again";
    }
  }
  return {
    provider,
    configured: Boolean(row),
    badge: integrationBadge(Boolean(row), row?.testStatus ?? null),
    last_tested_at: row?.lastTestedAt?.toISOString() ?? null,
    test_status: row?.testStatus ?? null,
    test_message: row?.testStatus === "failed" ? (row.testMessage ?? null) : null,
    hint,
    copies: copiesOf(provider, stats),
  };
}

const auditEntry = (
  c: Ctx,
  action: "integration_saved" | "integration_tested" | "integration_removed",
  provider: string,
  details?: Record<string, unknown>,
) => {
  const caller = orgCaller(c);
  return audit(c, { action, organizationId: caller.organizationId, actorUserId: caller.userId, actorEmail: caller.email, target: provider, details });
};

/**
 * `/api/integrations`: the providers an organization may bring (spec 001 §3, §4), for owners and admins.
 * Answers carry a badge and a masked hint, never a credential; credentials are sealed before they are stored.
 */
export const integrationRoutes = new Hono<AppEnv>()
  .route("/google_calendar", googleCalendarRoutes)
  .get("/", access("admin"), async (c) => {
    const organizationId = orgCaller(c).organizationId;
    const [rows, stats] = await Promise.all([integrationRows(c.var.db, organizationId), calendarCopyStats(c.var.db, organizationId)]);
    const integrations = await Promise.all(
      INTEGRATION_PROVIDERS.map((provider) =>
        resourceOf(
          c,
          provider,
          rows.find((row) => row.provider === provider),
          stats,
        ),
      ),
    );
    return c.json({ integrations });
  })
  .put("/:provider", access("admin"), async (c) => {
    const provider = providerOf(c);
    if (integrationInfo(provider).oauth) throw new ApiError("validation_failed", { message: INTEGRATION_MESSAGES.oauthOnly });
    const body = await parseBody(c, integrationSaveSchema, "part of a configuration");
    const credentials = parseValue(body.credentials, credentialSchemas(c.var.config.urlPolicy)[provider], `a ${integrationInfo(provider).name} credential`);
    const organizationId = orgCaller(c).organizationId;
    const clean = Object.fromEntries(Object.entries(credentials).filter(([, value]) => typeof value === "string" && value !== "")) as Record<string, string>;
    await saveIntegration(c.var.db, c.var.config, organizationId, provider, clean);
    await auditEntry(c, "integration_saved", provider, { fields: Object.keys(clean) });
    const stored = await readIntegration(c.var.db, c.var.config, organizationId, provider);
    const stats = await calendarCopyStats(c.var.db, organizationId);
    return c.json({ integration: await resourceOf(c, provider, stored?.row, stats), message: INTEGRATION_MESSAGES.saved });
  })
  .post("/:provider/test", access("admin"), rateLimit([hourly("integrationTests", (c) => `integrations:test:${orgCaller(c).organizationId}`)]), async (c) => {
    const provider = providerOf(c);
    const name = integrationInfo(provider).name;
    const stored = await readIntegration(c.var.db, c.var.config, orgCaller(c).organizationId, provider).catch(() => null);
    if (!stored) throw new ApiError("validation_failed", { message: INTEGRATION_MESSAGES.notConfigured(name) });
    const result = await testConnection(provider, stored.credentials, c.var.config);
    await recordIntegrationTest(c.var.db, stored.row, result);
    if (result.success) await copyBookingsToConnected(c, stored.row.organizationId, provider);
    await auditEntry(c, "integration_tested", provider, { success: result.success });
    c.var.log.info("integration_tested", { provider, organization_id: stored.row.organizationId, success: result.success });
    return c.json(result);
  })
  .delete("/:provider", access("admin"), async (c) => {
    const provider = providerOf(c);
    if (await deleteIntegration(c.var.db, orgCaller(c).organizationId, provider)) await auditEntry(c, "integration_removed", provider);
    return c.body(null, 204);
  });
