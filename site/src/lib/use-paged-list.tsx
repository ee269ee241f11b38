import { useRef, useState } from "react";
import { getJson } from "./api";
import { toast } from "./toast";

/**
 * A dashboard list read 50 at a time, newest first: the first page (or a reload) replaces it, Load more appends the
 * page after the cursor. Only the latest request's answer is kept (a slow one never overwrites a newer filter's);
 * a failure says the list's own load-failure title.
 */
export function usePagedList<T, Page>(read: (page: Page) => { items: T[]; next_cursor: string | null }, failureTitle: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [more, setMore] = useState(false);
  const latest = useRef(0);

  /** `path` already names the page; `append` adds it after what is shown. */
  async function load(path: string, append = false) {
    const ticket = ++latest.current;
    const result = await getJson<Page>(path);
    if (ticket !== latest.current) return;
    if (!result.ok) {
      setFailed(true);
      return void toast({ variant: "destructive", title: failureTitle, description: result.error?.message });
    }
    const page = read(result.data);
    setFailed(false);
    setItems((current) => (append ? [...(current ?? []), ...page.items] : page.items));
    setCursor(page.next_cursor);
  }

  async function loadMore(path: string) {
    setMore(true);
    await load(path, true);
    setMore(false);
  }

  return { items, cursor, failed, more, load, loadMore };
}

/** The Load more button under a paged list, while there is a next page. */
export function LoadMore({
  list,
  path,
}: {
  list: { cursor: string | null; more: boolean; loadMore(path: string): Promise<void> };
  path: (cursor: string) => string;
}) {
  if (!list.cursor) return null;
  const cursor = list.cursor;
  return (
    <button type="button" className="btn btn-secondary btn-sm load-more" disabled={list.more} onClick={() => void list.loadMore(path(cursor))}>
      {list.more ? "Loading..." : "Load more"}
    </button>
  );
}
