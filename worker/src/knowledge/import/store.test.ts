import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signUp } from "../../../test/accounts";
import { websiteEntries } from "../../../test/knowledge-import-helpers";
import { createD1Database } from "../../db/client";
import { storePage } from "./store";

describe("a page's sections stored", () => {
  it("all of a page of more sections than one statement binds (D1's 100 values)", async () => {
    const { organizationId } = await signUp();
    const sections = Array.from({ length: 40 }, (_, index) => ({ title: `Heading ${index + 1}`, body: `Text ${index + 1}.` }));
    const page = { organizationId, importId: crypto.randomUUID(), url: "https://www.example.com/", title: "Example", contentHash: "hash", sections };
    const stored = await storePage(createD1Database(env.DB), page, { organizationId, maxEntries: 200 });
    expect(stored).toEqual({ page: "new", sectionsAdded: 40, sectionsLeft: 0 });
    expect((await websiteEntries(organizationId)).map((entry) => entry.title)).toEqual(sections.map((section) => section.title));
  });
});
