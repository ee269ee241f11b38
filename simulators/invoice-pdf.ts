/**
 * A minimal, valid PDF 1.4 document of text lines (the Stripe simulator's invoice PDFs): one Letter page, the standard
 * Helvetica fonts (no embedding needed), one content stream, and a cross-reference table whose byte offsets are
 * computed, so any reader (Chromium's viewer, pdftotext) opens it without repairing it.
 */

export interface PdfText {
  /** Points from the page's left and bottom edges (Letter: 612 × 792). */
  x: number;
  y: number;
  size: number;
  text: string;
  bold?: boolean;
}

export interface PdfRule {
  /** A horizontal line from x1 to x2 at y. */
  x1: number;
  x2: number;
  y: number;
}

/** Helvetica's advance widths (per 1000 units of the font size) for right-aligned figures; other glyphs use a mean. */
const DIGIT_WIDTHS: Record<string, number> = { $: 556, ".": 278, ",": 278, "-": 333, " ": 278 };
const widthOf = (text: string, size: number) => ([...text].reduce((sum, char) => sum + (DIGIT_WIDTHS[char] ?? (/\d/.test(char) ? 556 : 560)), 0) * size) / 1000;

/** The x at which `text` starts so that it ends at `right` (amounts in a column). */
export const rightAligned = (text: string, right: number, size: number) => right - widthOf(text, size);

/** A PDF literal string: backslash and parentheses escaped; outside Latin-1 a "?" (the fonts use WinAnsi). */
function literal(text: string): string {
  const latin = [...text].map((char) => (char.charCodeAt(0) <= 0xff && char.length === 1 ? char : "?")).join("");
  return `(${latin.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[\r\n]+/g, " ")})`;
}

const round = (value: number) => Number(value.toFixed(2));

/** The page's drawing operators. */
function contentOf(texts: PdfText[], rules: PdfRule[]): string {
  const lines = rules.map((rule) => `0.8 G 0.75 w ${round(rule.x1)} ${round(rule.y)} m ${round(rule.x2)} ${round(rule.y)} l S`);
  for (const item of texts) lines.push(`BT /${item.bold ? "F2" : "F1"} ${item.size} Tf ${round(item.x)} ${round(item.y)} Td ${literal(item.text)} Tj ET`);
  return `${lines.join("\n")}\n`;
}

/** The document's bytes (Latin-1: every byte below 256, so offsets count characters). */
export function pdfDocument(input: { title: string; texts: PdfText[]; rules?: PdfRule[] }): Buffer {
  const content = contentOf(input.texts, input.rules ?? []);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}endstream`,
    `<< /Title ${literal(input.title)} /Producer (Stripe simulator) >>`,
  ];
  // The binary comment line tells transfer tools the file is binary (PDF 1.4, 7.5.2).
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  // Each entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, keyword, CR LF.
  const entries = ["0000000000 65535 f\r\n", ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n\r\n`)].join("");
  body += `xref\n0 ${objects.length + 1}\n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
