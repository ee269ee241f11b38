import { describe, expect, it } from "vitest";
import { csvCell, csvOf } from "./data-rights";

describe("the export's CSV", () => {
  it("quotes commas, quotes and line breaks, and leaves plain values alone", () => {
    expect(csvCell('said "urgent", twice')).toBe('"said ""urgent"", twice"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell(95)).toBe("95");
    expect(csvCell(false)).toBe("false");
  });

  it("neutralises what a spreadsheet would run as a formula, but not phone numbers or negative figures", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+14155552671")).toBe("+14155552671");
    expect(csvCell("-12.5")).toBe("-12.5");
  });

  it("writes a header and one line per row, CRLF-terminated", () => {
    expect(csvOf(["a", "b"], [{ a: 1, b: "x,y" }, { a: 2 }])).toBe('a,b\r\n1,"x,y"\r\n2,\r\n');
  });
});
