import type { ReactNode } from "react";

/** What a list shows when it truly has nothing (it loaded, and is empty): the words, and what to do about it. */
export default function EmptyState({ message, children }: { message: ReactNode; children?: ReactNode }) {
  return (
    <div className="dash-empty">
      <p>{message}</p>
      {children}
    </div>
  );
}

/** A filtered list that matched nothing: the words, and a way back to everything. */
export function NoMatches({ message, onClear }: { message: string; onClear(): void }) {
  return (
    <EmptyState message={message}>
      <button type="button" className="btn btn-secondary btn-sm" onClick={onClear}>
        Clear filters
      </button>
    </EmptyState>
  );
}
