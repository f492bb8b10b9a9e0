import { PAGE_SIZES } from '@scentry/shared-schema';
import type { ReactNode } from 'react';
import { Spinner } from './spinner';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[] | null;
  rowKey: (row: T) => string | number;
  error?: string | null;
  empty: ReactNode;
  onRetry?: () => void;
}

/** A table with loading, error and empty states; the caption names it for screen readers. */
export function DataTable<T>({ caption, columns, rows, rowKey, error, empty, onRetry }: DataTableProps<T>) {
  if (error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{error}</p>
        {onRetry && (
          <button type="button" className="button button-small" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table" aria-busy={rows === null}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows === null ? (
            <tr>
              <td colSpan={columns.length} className="table-state">
                <Spinner /> Loading…
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-state">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.header} className={c.className}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The chosen page size, kept across sessions (spec §9). */
interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

export function Pager({ page, pageSize, total, onPage, onPageSize }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label="Pages">
      <span>
        {first}–{last} of {total}
      </span>
      <label>
        Rows per page{' '}
        <select
          value={pageSize}
          // A new size starts again at page 1 (the caller's onPageSize does both, in one step).
          onChange={(e) => onPageSize(Number(e.target.value))}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button-small button-ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button button-small button-ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
