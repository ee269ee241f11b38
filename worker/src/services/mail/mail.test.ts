import { describe, expect, it } from "vitest";
import type { Logger } from "../../logger";
import { SIMULATED_CREDENTIALS } from "@nikki/simulators/credentials";
import { SIMULATED } from "../../../test/simulators";
import { httpMailer, logMailer } from ".";

function capturingLog() {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => void lines.push({ level, msg, fields });
  const log: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { log, lines };
}

const RESET = { to: "ada@example.com", subject: "Reset your password", text: "Open https://nikki.example/api/auth/reset-password/tok_secret123 to reset." };

describe("without a mail provider", () => {
  it("writes the message, link included, to the log only under local development", async () => {
    const local = capturingLog();
    await logMailer(local.log, true).send(RESET);
    expect(JSON.stringify(local.lines)).toContain("tok_secret123");
  });

  it("deployed, logs only that a message was not sent: never the link, never the address", async () => {
    const deployed = capturingLog();
    const mailer = logMailer(deployed.log, false);
    expect(mailer.delivers).toBe(false);
    await mailer.send(RESET);
    expect(deployed.lines).toEqual([{ level: "warn", msg: "mail_not_sent_no_provider", fields: { subject: "Reset your password" } }]);
    expect(JSON.stringify(deployed.lines)).not.toMatch(/tok_secret123|ada@example\.com/);
  });
});

describe("headers", () => {
  it("never carry CR, LF or other control characters: a value from a visitor cannot add a header", async () => {
    const base = `http://127.0.0.1:${SIMULATED.crmPort}`;
    const mailer = httpMailer({ apiKey: SIMULATED_CREDENTIALS.mailApiKey, from: "Nikki AI <no-reply@nikki.test>", baseUrl: base, log: capturingLog().log });
    const marker = crypto.randomUUID();
    await mailer.send({
      to: "sales@nikki.test\r\nBcc: victim@evil.test",
      subject: `New lead: Bob\r\nBcc: victim@evil.test ${marker}\u0000\u007f`,
      text: "Line 1\r\nLine 2",
    });
    const requests = (await (await fetch(`${base}/__requests`)).json()) as { path: string; body: { to: string[]; subject: string; text: string } }[];
    const sent = requests.find((request) => request.path === "/emails" && request.body.subject.includes(marker))!;
    expect(sent.body.subject).toBe(`New lead: Bob Bcc: victim@evil.test ${marker}`);
    expect(sent.body.to).toEqual(["sales@nikki.test Bcc: victim@evil.test"]);
    // The body is not a header: its line breaks stay.
    expect(sent.body.text).toBe("Line 1\r\nLine 2");
  });
});
