import type { Logger } from "../../logger";
import { outboundFetch } from "../outbound-fetch";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** A header's value (subject, address) with control characters, CR and LF above all, folded to single spaces. */
const headerValue = (value: string) =>
  value
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();

/** The message as it may leave: every value that becomes a header is folded; the text is the body and keeps its lines. */
export const sendable = (message: MailMessage): MailMessage => ({ to: headerValue(message.to), subject: headerValue(message.subject), text: message.text });

/** Transactional e-mail. Live: an HTTP e-mail API when MAIL_API_KEY is set; otherwise written to the log. */
export interface Mailer {
  /** Whether messages really leave the system (the UI says "e-mailed" only then). */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
}

/**
 * No mail provider. Under local development the message, links included, goes to the worker's log for the developer
 * to follow; deployed, only that a message was not sent (a reset or invitation link in a log is a credential).
 */
export function logMailer(log: Logger, local: boolean): Mailer {
  return {
    delivers: false,
    async send(given) {
      const message = sendable(given);
      if (local) log.info("mail_not_sent_no_provider", { to: message.to, subject: message.subject, text: message.text });
      else log.warn("mail_not_sent_no_provider", { subject: message.subject });
    },
  };
}

/** A Resend-compatible e-mail API (`POST {base}/emails`, bearer key). */
export function httpMailer(options: { apiKey: string; from: string; baseUrl: string; log: Logger }): Mailer {
  return {
    delivers: true,
    async send(given) {
      const message = sendable(given);
      const response = await outboundFetch(`${options.baseUrl}/emails`, {
        method: "POST",
        headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ from: options.from, to: [message.to], subject: message.subject, text: message.text }),
      });
      if (!response.ok) {
        options.log.error("mail_send_failed", { to: message.to, status: response.status });
        throw new Error(`The e-mail provider answered ${response.status}`);
      }
    },
  };
}
