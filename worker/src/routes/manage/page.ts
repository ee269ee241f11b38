/**
 * The caller's manage page as HTML (issue 35 §5): one small, script-free document that works at 390 px, in the
 * appointment's language. Everything interpolated is escaped; the page is rendered, not served from the site. With no
 * script, a move and a cancellation are each asked about on a page of their own before the form that does it; a new
 * time is chosen a day first, then that day's times; every time says its zone; a canceled booking offers the way to
 * book again (issue 54 §12).
 */
import { displayPhone, type LabelLanguage, MANAGE_PAGE_COPY } from "@nikki/core";
import type { FreeDays } from "./free-days";

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f5fb;color:#1c1a29}
main{max-width:30rem;margin:0 auto;padding:1.25rem 1rem 3rem}
h1{font-size:1.4rem;margin:.25rem 0}
h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
h3{font-size:1rem;margin:1rem 0 .5rem}
.card{background:#fff;border-radius:12px;padding:1rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:.35rem .9rem}
dt{color:#5b5870}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.note{padding:.75rem 1rem;border-radius:10px;margin:1rem 0;background:#e9f7ef;color:#14532d}
.note.warn{background:#fff4e5;color:#7a4100}
.slots{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 .5rem;padding:0;list-style:none}
.days{display:grid;grid-template-columns:repeat(auto-fill,minmax(10.5rem,1fr));gap:.5rem;margin:0 0 .5rem;padding:0;list-style:none}
.days .button{width:100%}
.days .button[aria-current]{background:#5b3fd6;border-color:#5b3fd6;color:#fff}
a:focus-visible,button:focus-visible{outline:3px solid #1c1a29;outline-offset:2px}
button,.button{font:inherit;min-height:44px;padding:.55rem .9rem;border-radius:10px;border:1px solid #8b6cff;background:#fff;color:#3d2a99;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center}
button.primary{background:#5b3fd6;border-color:#5b3fd6;color:#fff}
button.danger{background:#b42318;border-color:#b42318;color:#fff}
.muted{color:#5b5870}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
.actions form{margin:0}
`;

export interface ManageView {
  language: LabelLanguage;
  business: string;
  service: string;
  /** The booked time with its zone. */
  label: string;
  /** The zone's name, which the free times are in. */
  zone: string;
  code: string;
  canceled: boolean;
  /** A message after an action: done, or a refusal. */
  notice: { text: string; warn: boolean } | null;
  /** The days with free times and the chosen day's times, when the booking can still be moved. */
  free: FreeDays | null;
  /** The first day offered (`?from=`), when not the first free one. */
  from: string | null;
  confirmCancel: boolean;
  /** A free time picked to move to (`?move=`), asked about before the form that moves it. */
  confirmMove: { start: string; label: string } | null;
  /** After a cancellation, how to book again: the business's number and its own link, when it has them. */
  bookAgain: { phone: string | null; link: string | null } | null;
  /** The page's own path, `/a/{token}`. */
  path: string;
}

function document(language: LabelLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

type Copy = (typeof MANAGE_PAGE_COPY)[LabelLanguage];

/** A canceled booking: it says so, and how to book again (the business's number, its own link), whichever it has. */
function canceledHtml(view: ManageView, copy: Copy): string {
  const { phone, link } = view.bookAgain ?? { phone: null, link: null };
  const say = phone ? copy.bookAgainCall(view.business) : link ? copy.bookAgainOnline(view.business) : copy.bookAgainContact(view.business);
  const call = phone ? `<a class="button" href="tel:${escape(phone)}">${escape(copy.call(displayPhone(phone)))}</a>` : "";
  const visit = link ? `<a class="button" href="${escape(link)}" rel="noopener noreferrer">${copy.visit}</a>` : "";
  return `<p class="note warn">${copy.canceled}</p><h2>${copy.bookAgain}</h2><p>${escape(say)}</p>${call || visit ? `<div class="actions">${call}${visit}</div>` : ""}`;
}

/** A link to this page with a query (values escaped). */
const linkTo = (view: ManageView, query: Record<string, string | null>, fragment = "") => {
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== null));
  return escape(`${view.path}?${search}${fragment}`);
};

/**
 * The free times, a day first: the next days with any (a week at a time), each a link to the page showing its times,
 * and the chosen day's times, each a link to the page that asks before moving there.
 */
function slotsHtml(view: ManageView, copy: Copy): string {
  const free = view.free ?? { days: [], chosen: null, laterFrom: null };
  if (free.days.length === 0) return `<h2>${copy.reschedule}</h2><p class="muted">${copy.noSlots}</p>`;
  const days = free.days
    .map((day) => {
      const current = day.date === free.chosen?.date ? ' aria-current="true"' : "";
      return `<li><a class="button" href="${linkTo(view, { from: view.from, day: day.date }, "#times")}"${current}>${escape(day.label)}</a></li>`;
    })
    .join("");
  const later = free.laterFrom ? `<p><a class="button" href="${linkTo(view, { from: free.laterFrom })}">${copy.later}</a></p>` : "";
  const times = free.chosen
    ? `<h3 id="times">${escape(copy.timesOn(free.chosen.label))}</h3><ul class="slots">${free.chosen.times
        .map((time) => `<li><a class="button" href="${linkTo(view, { move: time.start })}" aria-label="${escape(time.name)}">${escape(time.time)}</a></li>`)
        .join("")}</ul>`
    : "";
  return `<h2>${copy.reschedule}</h2><p class="muted">${escape(copy.timesIn(view.zone))}</p><h3>${copy.chooseDay}</h3><ul class="days">${days}</ul>${later}${times}`;
}

export function manageHtml(view: ManageView): string {
  const copy = MANAGE_PAGE_COPY[view.language];
  const details = `<div class="card"><dl><dt>${copy.service}</dt><dd>${escape(view.service)}</dd><dt>${copy.when}</dt><dd>${escape(view.label)}</dd><dt>${copy.code}</dt><dd>${escape(view.code)}</dd></dl></div>`;
  const notice = view.notice ? `<p class="note${view.notice.warn ? " warn" : ""}" role="status">${escape(view.notice.text)}</p>` : "";
  let actions: string;
  if (view.canceled) {
    actions = canceledHtml(view, copy);
  } else if (view.confirmCancel) {
    actions = `<h2>${copy.cancelConfirm}</h2><div class="actions"><form method="post" action="${view.path}/cancel"><button class="danger" type="submit">${copy.cancelYes}</button></form><a class="button" href="${view.path}">${copy.keep}</a></div>`;
  } else if (view.confirmMove) {
    const { start, label } = view.confirmMove;
    actions = `<h2>${escape(copy.moveConfirm(label))}</h2><div class="actions"><form method="post" action="${view.path}/reschedule"><input type="hidden" name="start" value="${escape(start)}"><button class="primary" type="submit">${copy.moveYes}</button></form><a class="button" href="${view.path}">${copy.keep}</a></div>`;
  } else {
    // Canceling comes before the times, so it is never below a long list of them.
    actions = `<div class="actions"><a class="button" href="${view.path}?confirm=cancel">${copy.cancel}</a></div>${slotsHtml(view, copy)}`;
  }
  return document(view.language, copy.title, `<h1>${copy.title}</h1><p class="muted">${escape(copy.with(view.business))}</p>${notice}${details}${actions}`);
}

/** A link that is not (or no longer) valid, or a visitor over the limit: a clear page, in both languages. */
export function problemHtml(kind: "invalid" | "tooMany"): string {
  const [en, es] = [MANAGE_PAGE_COPY.en, MANAGE_PAGE_COPY.es];
  const title = kind === "invalid" ? en.invalidTitle : "Too many requests";
  const text = (copy: typeof en | typeof es) => (kind === "invalid" ? copy.invalid : copy.tooMany);
  return document("en", title, `<h1>${escape(title)}</h1><p>${escape(text(en))}</p><p lang="es" class="muted">${escape(text(es))}</p>`);
}
