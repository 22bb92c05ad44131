import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';

export type TableColumn = {
  key: string;
  header: ReactNode;
  /**
   * The column's classes on its header and placeholder cells, besides their vertical padding:
   * horizontal padding and when it shows (e.g. `hidden px-2 sm:table-cell`). Default `px-4`.
   */
  className?: string;
  /** Header-only classes: a width, an alignment. */
  headerClassName?: string;
  /** The placeholder's size while the rows load (a `Skeleton`'s classes, e.g. `h-4 w-24`). */
  skeleton?: string;
};

type TableProps = {
  columns: readonly TableColumn[];
  /** The body's rows (`<tr>`s), once loaded. */
  children: ReactNode;
  /** For screen readers only. */
  caption?: string;
  /** Placeholder rows instead of `children` while the data loads. */
  loading?: boolean;
  skeletonRows?: number;
  /** With `rowCount` 0 and not loading: this message instead of the table. */
  empty?: ReactNode;
  rowCount?: number;
  /** The card around the table. Default `card overflow-hidden`. */
  className?: string;
  /** `aria-busy` on the card while loading (the screen's other parts do not say it). */
  busy?: boolean;
};

const HEAD = 'border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase';

/**
 * The app's data table: a card with a grey upper-case header row, divided body rows, placeholder
 * rows while loading and a message when there is nothing to show.
 */
export function Table({
  columns,
  children,
  caption,
  loading = false,
  skeletonRows = 5,
  empty,
  rowCount,
  className = 'card overflow-hidden',
  busy,
}: TableProps) {
  if (!loading && empty !== undefined && rowCount === 0) {
    return <p className="card px-6 py-10 text-center text-slate-600">{empty}</p>;
  }
  return (
    <div className={className} aria-busy={busy}>
      <table className="w-full text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={HEAD}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`${column.className ?? 'px-4'} py-3 ${column.headerClassName ?? ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loading
            ? Array.from({ length: skeletonRows }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <tr key={row}>
                  {columns.map((column) => (
                    <td key={column.key} className={`${column.className ?? 'px-4'} py-3.5`}>
                      <Skeleton className={column.skeleton ?? 'h-4 w-full max-w-40'} />
                    </td>
                  ))}
                </tr>
              ))
            : children}
        </tbody>
      </table>
    </div>
  );
}
