import { describe, expect, it } from "vitest";
import type { Logger } from "../../http/logger";
import { logMailer } from ".";

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
