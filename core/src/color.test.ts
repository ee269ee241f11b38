import { describe, expect, it } from "vitest";
import { readableTextOn } from "./color";

describe("readableTextOn", () => {
  it.each([
    ["#8b6cff", "#111827"],
    ["#4c1d95", "#ffffff"],
    ["#ffffff", "#111827"],
    ["#000000", "#ffffff"],
    ["#2563eb", "#ffffff"],
    ["#facc15", "#111827"],
  ])("on %s reads %s", (background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });
});
