import { useEffect, useRef, useState } from "react";
import { type ApiResult, NETWORK_ERROR } from "./client";
import { currentToasts, toast } from "./toast";

/** A read of the dashboard: what it answered last, and whether it is loading or failed. */
export interface Resource<T> {
  /** The last good answer: kept while a reload runs, and when a reload fails (the failure is toasted). */
  data: T | undefined;
  /** The last load failed. With nothing to show, the page says the failure with Try again, never an empty list. */
  failed: boolean;
  /** The failure's title (the spec's load-failure words). */
  failure: string;
  reload(): Promise<void>;
  /** What is shown, changed after an action succeeded, without reading it again. */
  update(change: (data: T) => T): void;
}

export interface ResourceOptions {
  /** The spec's load-failure title, toasted with the server's message and shown with Try again. */
  failure: string;
  /** Read again when any of these change (a filter, a search). */
  deps?: readonly unknown[];
  /** Wait this long after a change before reading (typing in a search box). */
  delayMs?: number;
  /** Not yet: nothing is read while true (the user may not be allowed to). */
  skip?: boolean;
  /**
   * A change of `deps` forgets the last answer, so the page shows it loading rather than offering choices made for
   * other deps (a day's free times while the next day's load: one picked meanwhile would be booked on the wrong day).
   */
  forgetOnChange?: boolean;
}

/** The words under a failed load's title: the server's message, or the network's. */
export function failureDescription(result: ApiResult<unknown>): string | undefined {
  if (result.ok) return undefined;
  return result.status === 0 ? NETWORK_ERROR : (result.error?.message ?? undefined);
}

/** Where a read's outcome goes: the hook's state. */
export interface LoaderState<T> {
  setData(data: T): void;
  setFailed(failed: boolean): void;
}

/**
 * One answer at a time: a read's answer is kept only when no newer read started meanwhile (nor `forget()` came
 * after it), so a slow answer never overwrites a newer read's. A failure is toasted with the server's words, once
 * while alike failures show (two reads of one page failing alike, the worker down, are said once).
 */
export function createLoader<T>(state: LoaderState<T>) {
  let latest = 0;
  return {
    /** Reads, and keeps what `combine` makes of the answer, unless a newer read started meanwhile. */
    async load<A>(read: () => Promise<ApiResult<A>>, combine: (answer: A) => T, failure: string): Promise<void> {
      const ticket = ++latest;
      state.setFailed(false);
      const result = await read();
      if (ticket !== latest) return;
      if (!result.ok) {
        state.setFailed(true);
        const description = failureDescription(result);
        if (!currentToasts().some((shown) => shown.title === failure && shown.description === description))
          toast({ variant: "destructive", title: failure, description });
        return;
      }
      state.setData(combine(result.data));
    },
    /** Answers of the reads under way are not kept (what they were read for changed). */
    forget() {
      latest++;
    },
  };
}

/** The hook's shared part: the loader bound to the component's state, read again when the deps change. */
function useLoader<T>({ failure, deps = [], delayMs = 0, skip = false, forgetOnChange = false }: ResourceOptions, first: () => Promise<ApiResult<T>>) {
  const [data, setData] = useState<T>();
  const [failed, setFailed] = useState(false);
  const [loader] = useState(() => createLoader<T>({ setData, setFailed }));
  const reader = useRef(first);
  reader.current = first;

  const load = <A>(read: () => Promise<ApiResult<A>>, combine: (answer: A) => T) => loader.load(read, combine, failure);
  const reload = () => load(reader.current, (answer) => answer);
  // Forgotten in the render that has the new deps (an effect would leave the old answer on screen for a frame).
  const depsKey = forgetOnChange ? JSON.stringify(deps) : "";
  const [answeredFor, setAnsweredFor] = useState(depsKey);
  if (answeredFor !== depsKey) {
    setAnsweredFor(depsKey);
    setData(undefined);
    // A read for the old deps still on its way is not shown either.
    loader.forget();
  }
  useEffect(() => {
    if (skip) return;
    const timer = setTimeout(() => void reload(), delayMs);
    return () => clearTimeout(timer);
  }, [skip, ...deps]);

  const update = (change: (current: T) => T) => setData((current) => (current === undefined ? current : change(current)));
  return { data, failed, failure, reload, update, load };
}

/**
 * Every read of the dashboard: `useResource(() => call(api.agents.$get), {failure: "Failed to load agents"})`, shown
 * through `<Loaded>` (loading line, failure with Try again, then the data; the data's own empty state is the page's).
 */
export function useResource<T>(read: () => Promise<ApiResult<T>>, options: ResourceOptions): Resource<T> {
  const { load: _load, ...resource } = useLoader(options, read);
  return resource;
}

export interface Page<Item> {
  items: Item[];
  next_cursor: string | null;
}

/** A list read 50 at a time, newest first: a reload replaces it, `loadMore()` appends the page after the cursor. */
export interface PagedResource<Item> extends Resource<Page<Item>> {
  loadingMore: boolean;
  loadMore(): Promise<void>;
}

export function usePagedResource<Answer, Item>(
  read: (cursor: string | null) => Promise<ApiResult<Answer>>,
  pageOf: (answer: Answer) => Page<Item>,
  options: ResourceOptions,
): PagedResource<Item> {
  const [loadingMore, setLoadingMore] = useState(false);
  const firstPage = async (): Promise<ApiResult<Page<Item>>> => {
    const result = await read(null);
    return result.ok ? { ...result, data: pageOf(result.data) } : result;
  };
  const { load, ...resource } = useLoader(options, firstPage);

  async function loadMore() {
    const cursor = resource.data?.next_cursor;
    if (!cursor) return;
    setLoadingMore(true);
    await load(
      () => read(cursor),
      (answer) => {
        const page = pageOf(answer);
        return { items: [...(resource.data?.items ?? []), ...page.items], next_cursor: page.next_cursor };
      },
    );
    setLoadingMore(false);
  }
  return { ...resource, loadingMore, loadMore };
}
