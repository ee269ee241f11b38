import type { MouseEvent, ReactNode } from "react";

export interface Column<Row> {
  /** The column's heading; on a phone it labels the value in each card. */
  header: string;
  cell(row: Row): ReactNode;
  /** Heading for screen readers only (an actions column). */
  hiddenHeader?: boolean;
  className?: string;
}

/** A click that a control inside the row handles itself, or that ends selecting the row's text: not the row's. */
const notTheRows = (event: MouseEvent) =>
  (event.target as Element).closest("a, button, input, select, textarea, label, summary, [role='button']") !== null ||
  Boolean(window.getSelection()?.toString());

/**
 * The dashboard's tables: a captioned table on wide screens, each row a card of labelled values on a phone
 * (dashboard.css `.data-table`). With no rows it shows `empty` instead. With `onRowClick`, a click anywhere on a row
 * opens it as its own link or button does; that control stays the keyboard's way in (the row takes no focus).
 */
export default function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  onRowClick,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  empty: ReactNode;
  onRowClick?(row: Row): void;
}) {
  if (rows.length === 0) return <>{empty}</>;
  return (
    <div className="table-wrap">
      <table className="table data-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={onRowClick ? "row-opens" : undefined} onClick={onRowClick && ((event) => notTheRows(event) || onRowClick(row))}>
              {columns.map((column) => (
                <td key={column.header} data-label={column.hiddenHeader ? undefined : column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
