/**
 * Item 14 (redaction half; the retention purge is worker/test/retention-purge.test.ts, reported by item "14b"):
 * 200 seeded phone numbers, e-mail addresses and names, in the shapes callers say them, inside transcript lines:
 * none left after redactPii.
 */
import { redactPii } from "@nikki/core";
import { type ReliabilityItem, outcome } from "./context";

const FIRST = ["Ada", "Grace", "Mary-Jane", "Luis", "Sofia", "Kwame", "Siobhan", "Omar", "Mei", "Jose"];
const LAST = ["Lovelace", "Hopper", "O'Neil", "Garcia", "Nguyen", "Mensah", "Kowalski", "Haddad", "Chen", "Smith-Jones"];
const PHONE_SHAPES = [
  (a: string, b: string, c: string) => `(${a}) ${b}-${c}`,
  (a: string, b: string, c: string) => `+1 ${a} ${b} ${c}`,
  (a: string, b: string, c: string) => `${a}.${b}.${c}`,
  (a: string, b: string, c: string) => `${a}${b}${c}`,
  (a: string, b: string, c: string) => `1-${a}-${b}-${c}`,
];
const LINES = [
  (name: string, phone: string, email: string) => `Hi, this is ${name}, you can reach me at ${phone} or ${email}.`,
  (name: string, phone: string, email: string) => `My number is ${phone}, e-mail ${email}, and the name is ${name}.`,
  (name: string, phone: string, email: string) => `${name} here. ${email}; call back on ${phone} please`,
];

export function seededValues(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const digits = String(2_000_000_000 + i * 7_919_113).slice(0, 10);
    return {
      name: `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
      phone: PHONE_SHAPES[i % PHONE_SHAPES.length]!(digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)),
      email: `${FIRST[i % FIRST.length]!.toLowerCase().replace(/[^a-z]/g, "")}.${i}@example${i % 7}.com`,
    };
  });
}

export const redaction: ReliabilityItem = {
  number: "14",
  name: "pii_redaction",
  server: false,
  async run() {
    const values = seededValues(200);
    const left = { phones: 0, emails: 0, names: 0 };
    const digitsOf = (text: string) => text.replace(/\D/g, "");
    values.forEach((value, i) => {
      const redacted = redactPii(LINES[i % LINES.length]!(value.name, value.phone, value.email));
      if (digitsOf(redacted).includes(digitsOf(value.phone).slice(-7))) left.phones++;
      if (redacted.includes(value.email) || redacted.includes(value.email.split("@")[0]!)) left.emails++;
      if (redacted.includes(value.name) || redacted.includes(value.name.split(" ")[1]!)) left.names++;
    });
    const failures = Object.entries(left)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => `${n} ${kind} left`);
    return outcome({ seeded: `${values.length}x3`, phones_left: left.phones, emails_left: left.emails, names_left: left.names }, failures);
  },
};
