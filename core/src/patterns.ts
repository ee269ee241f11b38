/** An e-mail address as every form checks it (sign-up, invitations, the lead form): something@domain.tld. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A one-time code: an authenticator app's, or the one e-mailed to join through an invitation. */
export const ONE_TIME_CODE_PATTERN = /^\d{6}$/;
