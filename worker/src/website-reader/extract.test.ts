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
    ["a paragraph that is one link to call", `<p><a href="tel:+17205550100">(720) 555-0100</a></p>`],
    ["a paragraph that is one link to another site", `<p><a href="https://maps.example.com/cedar-ridge">12 Cedar Ridge Rd, Lakewood</a></p>`],
  ])("keeps %s", async (_case, content) => {
    const text = await bodiesOf(content);
    expect(text.length).toBeGreaterThan(0);
    expect(text).toBe((await extractPage(page(content.replace(/<a [^>]*>|<\/a>/g, "")), "/")).sections.map((section) => section.body).join("\n"));
  });
});

describe("a paragraph that is only a link to another page of the site is navigation (issue 54)", () => {
  it.each([
    ["in the body", (content: string) => content],
    ["in `main`, after a heading", (content: string) => `<main>${content}</main>`],
  ])("is left out %s, where a link inside a sentence stays", async (_case, wrap) => {
    const content = `<h1>Hours</h1><p>We are open Monday to Friday, 8 am to 6 pm. See <a href="about.html">our team</a> too.</p><p><a href="about.html">About us</a></p><div><a href="/">Home</a></div>`;
    const { sections } = await extractPage(page(wrap(content)), "/hours.html");
    expect(sections).toEqual([{ title: "Hours", body: "We are open Monday to Friday, 8 am to 6 pm. See our team too." }]);
  });
});
