/** What a dashboard list shows before its data: the spec's load failure with Try again, or a loading line. */
export default function LoadPending({ failed, failure, loading, onRetry }: { failed: boolean; failure: string; loading: string; onRetry(): void }) {
  if (!failed) {
    return (
      <p className="muted" role="status">
        {loading}
      </p>
    );
  }
  return (
    <div className="dash-empty">
      <p>{failure}</p>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
