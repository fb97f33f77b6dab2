// A data table with a caption and column headers; on a phone each row becomes a card whose cells carry their
// column's name (data-label, console.css).
import type { ComponentChildren } from 'preact';

export interface Column<T> {
  label: string;
  cell(row: T): ComponentChildren;
  /** `num` aligns right (amounts). */
  kind?: 'num';
}

interface TableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  empty: string;
  /** Caption read by screen readers only. */
  hiddenCaption?: boolean;
}

export function Table<T>({ caption, columns, rows, rowKey, empty, hiddenCaption }: TableProps<T>) {
  if (rows.length === 0) return <p class="empty">{empty}</p>;
  return (
    <div class="table-wrap">
      <table class="table">
        <caption class={hiddenCaption ? 'sr-only' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" class={c.kind}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.label} data-label={c.label} class={c.kind}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
