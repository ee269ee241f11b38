import type { ReactNode } from "react";
import type { PagedResource, Resource } from "../../lib/use-resource";

/**
 * The one shape of a dashboard read: a loading line, then the data; a failed load says so with Try again (never an
 * empty list or "nothing yet"). The data's own empty state is the caller's (`<DataTable empty>`, `<EmptyState>`).
 */
export default function Loaded<T>({ resource, loading, children }: { resource: Resource<T>; loading: string; children(data: T): ReactNode }) {
  if (resource.data !== undefined) return <>{children(resource.data)}</>;
  if (resource.failed) {
    return (
      <div className="dash-empty" role="alert">
        <p>{resource.failure}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void resource.reload()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className="muted" role="status">
      {loading}
    </p>
  );
}

/** The Load more button under a paged list, while there is a next page. */
export function LoadMore({ list }: { list: PagedResource<unknown> }) {
  if (!list.data?.next_cursor) return null;
  return (
    <button type="button" className="btn btn-secondary btn-sm load-more" disabled={list.loadingMore} onClick={() => void list.loadMore()}>
      {list.loadingMore ? "Loading..." : "Load more"}
    </button>
  );
}
