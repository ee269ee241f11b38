/**
 * Limits on what costs money or sends mail (issue 33 §2), each with the message that names it: past a limit the
 * route answers 429 `rate_limited` with Retry-After and this message, followed by when to try again (tryAgainIn()).
 */
import { plural } from "./plural";

const limit = (perHour: number, message: string) => ({ perHour, message });

export const HOURLY_LIMITS = {
  /** POST /api/calls/:id/reprocess, per organization: each run is a model call. */
  reprocess: limit(10, "Re-run AI Analysis is limited to 10 runs an hour for your organization."),
  /** Invitation e-mails, per organization. */
  invitations: limit(20, "Your organization can send at most 20 invitations an hour."),
  /** Password-reset e-mails to one address. */
  resetPerAddress: limit(5, "At most 5 password reset e-mails an hour go to one address. Check your inbox."),
  /** Password-reset requests from one network address. */
  resetPerIp: limit(20, "Too many password reset requests from your network: at most 20 an hour."),
  /** Codes e-mailed for one invitation (POST /api/invitations/:id/accept). */
  invitationCodes: limit(3, "A code can be e-mailed at most 3 times an hour for one invitation. Check your inbox."),
  /** Wrong codes for one invitation, across resends. */
  codeGuesses: limit(5, "Too many wrong codes: at most 5 tries an hour for one invitation."),
  /** Test Connection, per organization (a request to the provider each). */
  integrationTests: limit(30, "Test Connection is limited to 30 tests an hour for your organization."),
  /** Push to CRM from a call's detail, per organization. */
  pushCrm: limit(30, "Push to CRM is limited to 30 pushes an hour for your organization."),
  /** Searching Twilio for numbers to buy, per organization. */
  numberSearch: limit(30, "Number search is limited to 30 searches an hour for your organization."),
} as const;

/** Wrong codes for one invitation, in all, after which it is revoked. */
export const INVITATION_CODE_GUESSES_IN_ALL = 10;
export const INVITATION_REVOKED_MESSAGE = "This invitation was revoked after 10 wrong codes. Ask for a new one.";

/** When a limited request may be made again, in words: "Try again in 57 minutes." */
export function tryAgainIn(seconds: number): string {
  if (seconds < 60) return "Try again in a minute.";
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${plural(minutes, "minute")}.`;
}
