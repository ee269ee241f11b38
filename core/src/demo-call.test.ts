import { describe, expect, it } from "vitest";
import { countriesOf } from "./demo-call";

describe("countriesOf (the destinations an organization allows)", () => {
  it.each([
    ["+14155552671", ["US", "CA"]],
    ["+442079460958", ["GB"]],
    ["+353861234567", ["IE"]],
    ["+61291234567", ["AU"]],
    ["+8613800138000", []],
  ])("%s → %j", (phone, countries) => {
    expect(countriesOf(phone)).toEqual(countries);
  });
});
