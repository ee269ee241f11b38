import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural: a count with its noun in the right number", () => {
  it.each([
    [0, "minute", undefined, "0 minutes"],
    [1, "minute", undefined, "1 minute"],
    [2, "minute", undefined, "2 minutes"],
    [1, "entry", "entries", "1 entry"],
    [1500, "entry", "entries", "1,500 entries"],
    [1, "page was", "pages were", "1 page was"],
    [3, "page was", "pages were", "3 pages were"],
  ])("%i %s → %s", (count, one, many, expected) => expect(plural(count, one, many)).toBe(expected));
});
