/** The text colour that reads on a background colour (#rrggbb): near-black or white, by WCAG relative luminance. */
export function readableTextOn(background: string): "#111827" | "#ffffff" {
  const value = Number.parseInt(background.replace(/^#/, "").padEnd(6, "0").slice(0, 6), 16) || 0;
  const channels = [value >> 16, (value >> 8) & 255, value & 255].map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
  // 0.179 is where black and white text have equal contrast against the background.
  return luminance > 0.179 ? "#111827" : "#ffffff";
}
