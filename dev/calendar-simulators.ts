/** Google (sign-in with the calendar consent, Calendar API v3) and Cal.com (API v2), and the worker settings that point at them. */
import { startCalcomSimulator } from "@nikki/simulators/calcom";
import { SIMULATED_BUSINESS_CREDENTIALS, SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { startGoogleCalendarSimulator } from "@nikki/simulators/google-calendar";
import { startOidcSimulator } from "@nikki/simulators/oidc";

export async function startCalendarSimulators(ports: { oidc: number; googleCalendar: number; calcom: number }) {
  const google = await startOidcSimulator(ports.oidc, { clientSecret: SIMULATED_CREDENTIALS.googleClientSecret });
  const calendar = await startGoogleCalendarSimulator({ port: ports.googleCalendar, scopesOf: google.scopesOf });
  const calcom = await startCalcomSimulator({ port: ports.calcom, apiKey: SIMULATED_BUSINESS_CREDENTIALS.calcom.api_key });
  return {
    vars: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_DISCOVERY_URL: google.discoveryUrl,
      GOOGLE_CALENDAR_API_BASE: calendar.baseUrl,
      CALCOM_API_BASE: calcom.baseUrl,
    },
    close: async () => {
      await google.close();
      await calendar.close();
      await calcom.close();
    },
  };
}
