import { describe, expect, it } from "vitest";
import { extractPage } from "./extract";

const page = (body: string) => `<!doctype html><html><head><title>Smile Dental</title></head><body>${body}</body></html>`;
const bodiesOf = async (body: string) => (await extractPage(page(body), "/")).sections.map((section) => section.body).join("\n");

describe("a page's menus are left out of its sections, whatever they are built of", () => {
  it.each([
    ["a list of links", `<ul class="menu"><li><a href="/">Home</a></li><li><a href="/about">About</a></li><li><a href="/services">Services</a></li></ul>`],
    ["links side by side in a div", `<div class="menu"><a href="/">Home</a> <a href="/about">About</a> <a href="/contact">Contact</a></div>`],
    ["links with separators", `<p><a href="/">Home</a> | <a href="/about">About</a> · <a href="/services">Services</a> » <a href="/contact">Contact</a></p>`],
    [
      "a drop-down menu",
      `<ul><li><a href="/services">Services</a><ul><li><a href="/cleaning">Cleaning</a></li><li><a href="/implants">Implants</a></li></ul></li><li><a href="/contact">Contact</a></li></ul>`,
    ],
    ["an ARIA menubar", `<div role="menubar"><span>Home</span> <span>About</span></div>`],
  ])("%s", async (_case, menu) => {
    const text = await bodiesOf(`${menu}<p>We clean teeth in Denver six days a week.</p>`);
    expect(text).toBe("We clean teeth in Denver six days a week.");
  });

  it("leaves out a menu at the top of `main`, and keeps a list of links under its heading (a catalogue's items)", async () => {
    const menu = `<ul><li><a href="/">Home</a></li><li><a href="/shop">Shop</a></li></ul>`;
    const items = `<ul><li><a href="/floss">Dental floss</a></li><li><a href="/brush">Soft toothbrush</a></li></ul>`;
    const { sections } = await extractPage(page(`<main>${menu}<h1>Shop</h1>${items}</main>`), "/shop");
    expect(sections).toEqual([{ title: "Shop", body: "Dental floss\nSoft toothbrush" }]);
  });

  it.each([
    ["a sentence with two links in it", `<p>Call <a href="tel:+17205550100">our front desk</a> or <a href="/book">book online</a>.</p>`],
    [
      "a price list whose items say more than their links",
      `<ul><li><a href="/cleaning">Cleaning</a>: $120</li><li><a href="/whitening">Whitening</a>: $350</li></ul>`,
    ],
    ["a single link", `<p><a href="/book">Book an appointment</a></p>`],
  ])("keeps %s", async (_case, content) => {
    const text = await bodiesOf(content);
    expect(text.length).toBeGreaterThan(0);
    expect(text).toBe((await extractPage(page(content.replace(/<a [^>]*>|<\/a>/g, "")), "/")).sections.map((section) => section.body).join("\n"));
  });
});
