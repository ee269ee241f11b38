import { plural } from "@nikki/core";
import type { ImportDiscoveryResource } from "@nikki/core";

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** The pages found on the site, each with a box to tick, and all of them at once; those robots.txt keeps out are listed apart. */
export default function PagePicker({
  discovery,
  picked,
  onChange,
  disabled,
}: {
  discovery: ImportDiscoveryResource;
  picked: ReadonlySet<string>;
  onChange(picked: Set<string>): void;
  disabled: boolean;
}) {
  const all = discovery.pages.length > 0 && discovery.pages.every((page) => picked.has(page));
  const toggle = (page: string) => {
    const next = new Set(picked);
    if (next.has(page)) next.delete(page);
    else next.add(page);
    onChange(next);
  };
  return (
    <fieldset className="page-picker" disabled={disabled}>
      <legend>
        {plural(discovery.pages.length, "page")} found {discovery.source === "sitemap" ? "in your sitemap" : "by following your links"}
      </legend>
      <label className="page-pick page-pick-all">
        <input type="checkbox" checked={all} onChange={() => onChange(all ? new Set() : new Set(discovery.pages))} />
        Select all
      </label>
      <ul className="page-list">
        {discovery.pages.map((page) => (
          <li key={page}>
            <label className="page-pick">
              <input type="checkbox" checked={picked.has(page)} onChange={() => toggle(page)} />
              <span className="page-path">{pathOf(page)}</span>
            </label>
          </li>
        ))}
      </ul>
      {discovery.skipped.length > 0 && (
        <p className="field-hint">
          Not offered ({discovery.skipped[0]!.reason}): {discovery.skipped.map((skipped) => pathOf(skipped.url)).join(", ")}
        </p>
      )}
    </fieldset>
  );
}
