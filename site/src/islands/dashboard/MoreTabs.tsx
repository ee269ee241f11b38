import { useCallback, useEffect, useRef, useState } from "react";
import { useDismiss } from "../../lib/use-dismiss";

interface HiddenTab {
  href: string;
  label: string;
}

/** The tabs of the strip that are not wholly in sight (its visible tabs only; a viewer's hidden ones do not count). */
function tabsOutOfSight(strip: HTMLElement): HiddenTab[] {
  const bounds = strip.getBoundingClientRect();
  return [...strip.querySelectorAll<HTMLAnchorElement>("li:not([hidden]) a")]
    .filter((link) => {
      const box = link.getBoundingClientRect();
      return box.right > bounds.right + 1 || box.left < bounds.left - 1;
    })
    .map((link) => ({ href: link.getAttribute("href") ?? "", label: link.firstChild?.textContent?.trim() ?? "" }));
}

/**
 * The tab strip on a narrow screen: it scrolls sideways with its hidden side faded, the current tab is brought into
 * view, and a "More" menu lists the tabs that are out of sight, so a phone shows that Billing and Settings exist.
 */
export default function MoreTabs() {
  const [hidden, setHidden] = useState<HiddenTab[]>([]);
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, menu, button);

  useEffect(() => {
    const strip = document.querySelector<HTMLElement>(".dash-tabs-strip");
    if (!strip) return;
    const showCurrent = () => strip.querySelector('[aria-current="page"]')?.scrollIntoView({ inline: "center", block: "nearest" });
    const mark = () => {
      strip.dataset.moreRight = String(strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 4);
      strip.dataset.moreLeft = String(strip.scrollLeft > 4);
      setHidden(tabsOutOfSight(strip));
    };
    showCurrent();
    mark();
    // The strip changes when the signed-in user's role hides or shows tabs (DashboardHeader), and its width with the
    // window's and when the More button itself appears beside it.
    const observer = new MutationObserver(() => {
      showCurrent();
      mark();
    });
    observer.observe(strip, { subtree: true, attributes: true, attributeFilter: ["hidden"] });
    // The More button appearing narrows the strip after the first centring: centre the current tab again, or it ends
    // up behind the button ("Test Su…").
    const resized = new ResizeObserver(() => {
      showCurrent();
      mark();
    });
    resized.observe(strip);
    strip.addEventListener("scroll", mark, { passive: true });
    return () => {
      observer.disconnect();
      resized.disconnect();
      strip.removeEventListener("scroll", mark);
    };
  }, []);

  if (hidden.length === 0) return null;
  return (
    <div className="more-tabs" ref={menu}>
      <button ref={button} type="button" className="more-tabs-button" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen(!open)}>
        More <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul className="more-tabs-panel" aria-label="More tabs">
          {hidden.map((tab) => (
            <li key={tab.href}>
              <a href={tab.href}>{tab.label}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
