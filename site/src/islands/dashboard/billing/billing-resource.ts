import type { DataOf, api } from "../../../lib/client";

/** The subscription as GET /api/billing/subscription answers it (the Billing page and its spending cap). */
export type Billing = DataOf<typeof api.billing.subscription.$get>;
