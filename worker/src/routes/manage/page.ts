/**
 * The caller's manage page as HTML (issue 35 §5): one small, script-free document that works at 390 px, in the
 * appointment's language. Everything interpolated is escaped; the page is rendered, not served from the site.
 */
import { type LabelLanguage, MANAGE_PAGE_COPY, dateLabel } from "@nikki/core";

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f5fb;color:#1c1a29}
main{max-width:30rem;margin:0 auto;padding:1.25rem 1rem 3rem}
h1{font-size:1.4rem;margin:.25rem 0}
h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border-radius:12px;padding:1rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:.35rem .9rem}
dt{color:#5b5870}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.note{padding:.75rem 1rem;border-radius:10px;margin:1rem 0;background:#e9f7ef;color:#14532d}
.note.warn{background:#fff4e5;color:#7a4100}
.slots{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 .5rem;padding:0;list-style:none}
.slots form{margin:0}
button,.button{font:inherit;min-height:44px;padding:.55rem .9rem;border-radius:10px;border:1px solid #8b6cff;background:#fff;color:#3d2a99;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center}
button.primary{background:#5b3fd6;border-color:#5b3fd6;color:#fff}
button.danger{background:#b42318;border-color:#b42318;color:#fff}
.muted{color:#5b5870}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
`;

export interface ManageView {
  language: LabelLanguage;
  business: string;
  service: string;
  label: string;
  code: string;
  canceled: boolean;
  /** A message after an action: done, or a refusal. */
  notice: { text: string; warn: boolean } | null;
  /** Free times by local date (already labelled), when the booking can still be moved. */
  days: { date: string; times: { start: string; time: string }[] }[];
  /** The next page of times (`?from=`), when there are more. */
  laterFrom: string | null;
  confirmCancel: boolean;
  /** The page's own path, `/a/{token}`. */
  path: string;
}

function document(language: LabelLanguage, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function manageHtml(view: ManageView): string {
  const copy = MANAGE_PAGE_COPY[view.language];
  const details = `<div class="card"><dl><dt>${copy.service}</dt><dd>${escape(view.service)}</dd><dt>${copy.when}</dt><dd>${escape(view.label)}</dd><dt>${copy.code}</dt><dd>${escape(view.code)}</dd></dl></div>`;
  const notice = view.notice ? `<p class="note${view.notice.warn ? " warn" : ""}" role="status">${escape(view.notice.text)}</p>` : "";
  let actions = "";
  if (view.canceled) {
    actions = `<p class="note warn">${copy.canceled}</p>`;
  } else if (view.confirmCancel) {
    actions = `<h2>${copy.cancelConfirm}</h2><div class="actions"><form method="post" action="${view.path}/cancel"><button class="danger" type="submit">${copy.cancelYes}</button></form><a class="button" href="${view.path}">${copy.keep}</a></div>`;
  } else {
    const days = view.days
      .map(
        (day) =>
          `<h3 class="muted">${escape(dateLabel(day.date, view.language))}</h3><ul class="slots">${day.times
            .map(
              (time) =>
                `<li><form method="post" action="${view.path}/reschedule"><input type="hidden" name="start" value="${escape(time.start)}"><button type="submit">${escape(time.time)}</button></form></li>`,
            )
            .join("")}</ul>`,
      )
      .join("");
    const later = view.laterFrom ? `<p><a class="button" href="${view.path}?from=${view.laterFrom}">${copy.later}</a></p>` : "";
    actions = `<h2>${copy.reschedule}</h2>${days || `<p class="muted">${copy.noSlots}</p>`}${later}<div class="actions"><a class="button" href="${view.path}?confirm=cancel">${copy.cancel}</a></div>`;
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
