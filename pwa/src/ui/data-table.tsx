import { PAGE_SIZES } from '@scentry/shared-schema';
import { useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { DeleteButton } from './icons';
import { Spinner } from './spinner';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/** The Edit column of a list: its cell is the row's edit link (icon-button, named "Edit <row>"). */
export const editColumn = <T,>(cell: (row: T) => ReactNode): Column<T> => ({
  header: 'Edit',
  className: 'col-action',
  cell,
});

/** The Delete column of a list: a button named "Delete <row>" that asks first (useConfirmDelete). */
export const deleteColumn = <T,>(name: (row: T) => string, ask: (row: T) => void): Column<T> => ({
  header: 'Delete',
  className: 'col-action',
  cell: (row) => <DeleteButton label={`Delete ${name(row)}`} onClick={() => ask(row)} />,
});

/**
 * A long text in a cell (an e-mail, a name): one line, cut with an ellipsis where the column ends.
 * The whole text stays in the page (screen readers read all of it) and shows on hover (title) and
 * whenever the row holds the keyboard focus (CSS: the row's `:focus-within` unclips it), so a
 * keyboard user tabbing to the row's actions sees what they act on.
 */
export function Clip({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className ? `cell-clip ${className}` : 'cell-clip'} title={text}>
      {text}
    </span>
  );
}

interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[] | null;
  rowKey: (row: T) => string | number;
  error?: string | null;
  empty: ReactNode;
  onRetry?: () => void;
  /** The row just saved (ui/saved-row): highlighted, tagged "Saved" and scrolled into view. */
  savedKey?: string | number;
}

/** A table with loading, error and empty states; the caption names it for screen readers. */
export function DataTable<T>({ columns, ...rest }: DataTableProps<T>) {
  return <SortableTable {...rest} columns={columns.map((c) => ({ ...c, key: c.header }))} />;
}

/**
 * A table's rows (null while loading), error and Try again, from its list's query (a TanStack
 * Query result): `<DataTable {...queryRows(rows)} … />`.
 */
export function queryRows<T>(query: { data?: { list: T[] }; error: Error | null; refetch: () => unknown }) {
  return {
    rows: query.data?.list ?? null,
    error: query.error?.message ?? null,
    onRetry: () => void query.refetch(),
  };
}

/** A column of a SortableTable: any header (a checkbox, say); `sort` makes it a sort toggle. */
export interface SortableColumn<T, S extends string = string> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  sort?: S;
  className?: string;
  /**
   * The cell's name on a phone's stacked card (`data-label`): the header when it is text; give one
   * when the header is not (a check box). Action cells show no label (their buttons name themselves).
   */
  label?: string;
}

interface SortableTableProps<T, S extends string> {
  caption: string;
  columns: SortableColumn<T, S>[];
  rows: T[] | null;
  rowKey: (row: T) => string | number;
  error?: string | null;
  empty: ReactNode;
  onRetry?: () => void;
  /** Added to the table's "table" class. */
  className?: string;
  rowClassName?: (row: T) => string | undefined;
  /** The sorted column and its order; the active header carries aria-sort. */
  sort?: S;
  order?: 'asc' | 'desc';
  onSort?: (column: S) => void;
  /** The row just saved (ui/saved-row): highlighted, tagged "Saved" and scrolled into view. */
  savedKey?: string | number;
}

const cx = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/** A cell's label on a stacked card: its header's text, or the column's own label. */
const labelOf = (c: { header: ReactNode; label?: string }) =>
  c.label ?? (typeof c.header === 'string' ? c.header : undefined);

/** The cell that carries the "Saved" tag: the first that is not an action, checkbox or picture. */
const tagColumn = (columns: { className?: string }[]) =>
  Math.max(
    0,
    columns.findIndex((c) => !c.className?.split(' ').some((k) => k.startsWith('col-'))),
  );

/**
 * DataTable with headers of any kind and, optionally, sortable ones: a column with `sort` gets a
 * toggle button and an arrow, and aria-sort when it is the sorted one.
 */
export function SortableTable<T, S extends string = string>(props: SortableTableProps<T, S>) {
  const { columns, rows, sort, order, onSort, savedKey } = props;
  const savedRow = useRef<HTMLTableRowElement>(null);
  const savedShown = savedKey !== undefined && rows?.some((r) => props.rowKey(r) === savedKey);
  // The router resets or restores the window's scroll once its navigation is done (the list's
  // page jump, the way back from the form): that comes after the rows first render, so the row is
  // brought into view only once the router is idle, a frame later (laid out), and once.
  const settled = useRouterState({ select: (s) => s.status === 'idle' && !s.isLoading });
  const scrolled = useRef(false);
  useEffect(() => {
    if (!savedShown) {
      scrolled.current = false;
      return;
    }
    if (!settled || scrolled.current) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        scrolled.current = true;
        savedRow.current?.scrollIntoView({ block: 'center', inline: 'nearest' });
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [savedShown, settled]);
  const tagAt = tagColumn(columns);
  if (props.error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{props.error}</p>
        {props.onRetry && (
          <button type="button" className="button button-small" onClick={props.onRetry}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return (
    // A table wider than the screen scrolls inside its own labelled region (phones), which takes
    // the focus so the keyboard can scroll it (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <section className="table-wrap" aria-label={props.caption} tabIndex={0}>
      {/* table-cards: under 700 px each row is a card of "label: value" lines (styles.css). */}
      <table className={cx('table table-cards', props.className)} aria-busy={rows === null}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const active = c.sort !== undefined && c.sort === sort;
              return (
                <th
                  key={c.key}
                  scope="col"
                  // On a phone's cards the header row is a bar of its controls (sort toggles, the
                  // page's check box); a header of plain text has nothing to do there.
                  className={cx(c.className, !c.sort && typeof c.header === 'string' ? 'th-plain' : undefined)}
                  aria-sort={active ? (order === 'desc' ? 'descending' : 'ascending') : undefined}
                >
                  {c.sort ? (
                    <button type="button" className="table-sort" onClick={() => c.sort && onSort?.(c.sort)}>
                      {c.header}
                      <span aria-hidden="true" className={active ? 'table-sort-mark active' : 'table-sort-mark'}>
                        {active ? (order === 'desc' ? '▼' : '▲') : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
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
                {props.empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const saved = savedKey !== undefined && props.rowKey(row) === savedKey;
              const own = props.rowClassName?.(row);
              return (
                <tr
                  key={props.rowKey(row)}
                  ref={saved ? savedRow : undefined}
                  className={saved ? (own ? `${own} row-saved` : 'row-saved') : own}
                  data-saved={saved ? 'true' : undefined}
                >
                  {columns.map((c, i) => (
                    <td key={c.key} className={c.className} data-label={labelOf(c)}>
                      {/* One box for the value: on a phone's card it sits beside its label. */}
                      <span className="cell-value">
                        {c.cell(row)}
                        {saved && i === tagAt && <span className="tag tag-saved">Saved</span>}
                      </span>
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </section>
  );
}

interface PageCheckboxProps<K> {
  /** The selectable rows of the page. */
  ids: readonly K[];
  selected: ReadonlySet<K>;
  onSelect: (ids: K[], on: boolean) => void;
  className: string;
  label: string;
}

/** The header's checkbox: every selectable row of the page; "mixed" when only some are chosen. */
export function PageCheckbox<K>({ ids, selected, onSelect, className, label }: PageCheckboxProps<K>) {
  const chosen = ids.filter((id) => selected.has(id)).length;
  const mixed = chosen > 0 && chosen < ids.length;
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <CheckTarget>
      <input
        ref={ref}
        type="checkbox"
        className={className}
        aria-label={label}
        checked={chosen > 0 && chosen === ids.length}
        disabled={ids.length === 0}
        onChange={(e) => onSelect([...ids], e.target.checked)}
      />
    </CheckTarget>
  );
}

/**
 * The rows ticked in a table (their ids). Another page, filter or order (a new `listKey`, the
 * list's request): what was ticked is out of sight, so it is no longer chosen.
 */
export function useRowSelection<K>(listKey: string) {
  const [selected, setSelected] = useState<ReadonlySet<K>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears on a new list request only
  useEffect(() => setSelected(new Set()), [listKey]);
  function select(ids: K[], on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }
  return { selected, select, clear: () => setSelected(new Set<K>()) };
}

/**
 * The check box column of a table whose rows can be chosen: one box a row, and the page's box in
 * the header. `locked` says why a row cannot be chosen (its box is disabled, with that title).
 */
export function selectColumn<T, K, S extends string = string>(o: {
  rows: T[] | null;
  idOf: (row: T) => K;
  selected: ReadonlySet<K>;
  onSelect: (ids: K[], on: boolean) => void;
  className: string;
  pageLabel: string;
  rowLabel: (row: T) => string;
  locked?: (row: T) => string | undefined;
}): SortableColumn<T, S> {
  return {
    key: 'select',
    className: 'col-action col-select',
    header: (
      <PageCheckbox
        ids={(o.rows ?? []).filter((r) => !o.locked?.(r)).map(o.idOf)}
        selected={o.selected}
        onSelect={o.onSelect}
        className={o.className}
        label={o.pageLabel}
      />
    ),
    cell: (r) => {
      const why = o.locked?.(r);
      return (
        <CheckTarget>
          <input
            type="checkbox"
            className={o.className}
            aria-label={o.rowLabel(r)}
            checked={o.selected.has(o.idOf(r))}
            disabled={why !== undefined}
            title={why}
            onChange={(e) => o.onSelect([o.idOf(r)], e.target.checked)}
          />
        </CheckTarget>
      );
    },
  };
}

/**
 * A table's check box with a 44 × 44 px tap target: the label around it toggles it too (the
 * box itself stays its usual size). The input names itself (aria-label).
 */
export function CheckTarget({ children }: { children: ReactNode }) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child input, named by its aria-label
  return <label className="check-target">{children}</label>;
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
