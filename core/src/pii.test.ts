import { describe, expect, it } from "vitest";
import { redactAgentWords, redactCallerDetails, redactCallerNames, redactPii } from "./pii";

describe("redactPii (spec 001 §9)", () => {
  it.each([
    ["My email is ada.lovelace@example.com thanks", "My email is [EMAIL] thanks"],
    ["Call me at (415) 555-2671 today", "Call me at [PHONE] today"],
    ["call +1 415 555 2671 or 415.555.2671", "call [PHONE] or [PHONE]"],
    ["This is Ada Lovelace speaking", "This is [NAME] speaking"],
    ["I'm Mary-Jane O'Neil", "I'm [NAME]"],
    ["Ada Lovelace, ada@x.io, 4155552671", "[NAME], [EMAIL], [PHONE]"],
    ["the leak is at 42 Main street", "the leak is at 42 Main street"],
    ["my order 12345 is late", "my order 12345 is late"],
    ["", ""],
    ["Hola, soy Lucía Fernández y necesito un fontanero", "Hola, soy [NAME] y necesito un fontanero"],
    ["Ich bin Jürgen Müller-Lüdenscheidt", "Ich bin [NAME]"],
    ["Zoë Saldaña called, then Łukasz Żółć", "[NAME] called, then [NAME]"],
    ["José María García López speaking", "[NAME] speaking"],
    ["Book me for Tuesday December 1 at 3 PM", "Book me for Tuesday December 1 at 3 PM"],
    ["el Martes Diciembre, por favor", "el Martes Diciembre, por favor"],
  ])("%s → %s", (input, output) => {
    expect(redactPii(input)).toBe(output);
  });

  it("keeps the business's own names (the organization, the agent) while masking the caller's", () => {
    const keep = ["Nikki AI Demo", "Nikki"];
    expect(redactPii("Thanks for calling Nikki AI Demo, this is Nikki. How can I help?", keep)).toBe(
      "Thanks for calling Nikki AI Demo, this is Nikki. How can I help?",
    );
    expect(redactPii("Hi Nikki, this is Ada Lovelace from Acme Corp, 415 555 2671.", keep)).toBe("Hi Nikki, this is [NAME] from [NAME], [PHONE].");
    expect(redactPii("Rosa's Plumbing: Ada Lovelace called", ["Rosa's Plumbing", ""])).toBe("Rosa's Plumbing: [NAME] called");
  });

  it("masks a first name said alone once the analysis heard the caller's name, and no longer word that holds it", () => {
    const keep = ["Nikki AI Demo", "Nikki"];
    expect(redactPii("Thanks, Sam. I've passed your message on to Samantha.", keep, ["Sam Carter"])).toBe(
      "Thanks, [NAME]. I've passed your message on to Samantha.",
    );
    expect(redactPii("Listo, Lucía. Nikki le enviará un mensaje.", keep, ["Lucía Fernández", "[NAME]", ""])).toBe(
      "Listo, [NAME]. Nikki le enviará un mensaje.",
    );
  });
});

describe("a caller's question and its drafted answer, as the inbox keeps them", () => {
  it("masks the caller's contact details and names, never the business's streets and towns", () => {
    expect(redactCallerDetails("I'm Sam Lee, sam@example.com, +1 415 555 0142: do you serve West Salem?", ["Sam Lee"])).toBe(
      "I'm [NAME] [NAME], [EMAIL], [PHONE]: do you serve West Salem?",
    );
    expect(redactCallerNames("Yes, Sam: free parking behind 410 Commercial Street SE.", ["Sam Lee"])).toBe(
      "Yes, [NAME]: free parking behind 410 Commercial Street SE.",
    );
  });
});

describe("the agent's words in a transcript", () => {
  const caller = "Hi, this is Ada Lovelace, ada@example.com. Do you accept Delta Dental? Is Bright Smile Dental open Friday?";
  const keep = ["Bright Smile Dental"];
  it("keep the business's facts and its own name, and mask the caller's names, numbers and e-mails", () => {
    expect(redactAgentWords("Thanks for calling Bright Smile Dental. We accept Delta Dental, Cigna and Aetna.", caller, [], keep)).toBe(
      "Thanks for calling Bright Smile Dental. We accept Delta Dental, Cigna and Aetna.",
    );
    expect(redactAgentWords("Thanks, Ada. I'll text +1 415 555 0142 and ada@example.com, Ada Lovelace.", caller, [], keep)).toBe(
      "Thanks, [NAME]. I'll text [PHONE] and [EMAIL], [NAME] [NAME].",
    );
    expect(redactAgentWords("Thanks, Sam.", "Hello.", ["Sam Lee"], keep)).toBe("Thanks, [NAME].");
    // Even an analysis that took the insurer for the caller's name leaves the business's own name whole.
    expect(redactAgentWords("Harbor Point Dental accepts it.", "Delta Dental?", ["Delta Dental"], ["Harbor Point Dental"])).toBe(
      "Harbor Point Dental accepts it.",
    );
  });
});

describe("who a caller introduced themselves as", () => {
  it("is a capitalised name after the words of an introduction, not any word after them", () => {
    expect(redactAgentWords("It's fine, Lucía: a plumber comes.", "Hola, soy Lucía Fernández. It's a plumber I need, this is urgent.")).toBe(
      "It's fine, [NAME]: a plumber comes.",
    );
  });
});
