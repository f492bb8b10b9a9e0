import { type ReactNode, useEffect, useRef } from 'react';
import { formatResultDate, formatResultTime } from '../../report/format';
import { Spinner } from '../../ui/spinner';
import type { TestResultRow } from './api';
import { NAME_HIDDEN, playerName } from './report-model';
import type { ResultSortColumn, SortOrder } from './search';

interface Column {
  key: string;
  header: ReactNode;
  cell: (r: TestResultRow) => ReactNode;
  sort?: ResultSortColumn;
  className?: string;
}

interface ResultTableProps {
  rows: TestResultRow[] | null;
  error: string | null;
  onRetry: () => void;
  empty: ReactNode;
  /** A Client Admin whose organization does not disclose names: no name columns (spec §6). */
  showNames: boolean;
  sort: ResultSortColumn;
  order: SortOrder;
  onSort: (column: ResultSortColumn) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onOpen: (row: TestResultRow) => void;
}

/** "03/14/2026 3:07 PM PDT": when the player played, in Los Angeles (spec §9). */
export const playedText = (iso: string) => `${formatResultDate(iso)} ${formatResultTime(iso)}`;

/** How a row is named to a screen reader: the player (when disclosed), the kit and when. */
export const rowName = (r: TestResultRow) =>
  `${playerName(r) ?? NAME_HIDDEN}, ${r.testKitName}, ${playedText(r.created)}`;

export const StatusTag = ({ status }: { status: string }) => (
  <span className={`tag ${status === 'Pass' ? 'results-pass' : 'results-fail'}`}>{status}</span>
);

/**
 * The Play Results table (spec §3): a checkbox per row and one for the page, sortable headers
 * (aria-sort says the order), and a row's detail.
 */
export function ResultTable(props: ResultTableProps) {
  const { rows, selected, onSelect } = props;
  const onPage = rows ?? [];
  const chosen = onPage.filter((r) => selected.has(r.id)).length;

  const columns: Column[] = [
    {
      key: 'select',
      className: 'col-action',
      header: (
        <PageCheckbox
          checked={chosen > 0 && chosen === onPage.length}
          mixed={chosen > 0 && chosen < onPage.length}
          disabled={onPage.length === 0}
          onChange={(on) =>
            onSelect(
              onPage.map((r) => r.id),
              on,
            )
          }
        />
      ),
      cell: (r) => (
        <input
          type="checkbox"
          className="results-check"
          aria-label={`Select ${rowName(r)}`}
          checked={selected.has(r.id)}
          onChange={(e) => onSelect([r.id], e.target.checked)}
        />
      ),
    },
    ...(props.showNames
      ? [
          { key: 'firstName', header: 'First Name', sort: 'firstName', cell: (r) => r.firstName ?? '—' } as Column,
          { key: 'lastName', header: 'Last Name', sort: 'lastName', cell: (r) => r.lastName ?? '—' } as Column,
        ]
      : []),
    { key: 'kit', header: 'Play Kit', sort: 'testKitName', cell: (r) => r.testKitName },
    { key: 'status', header: 'Result', sort: 'resultStatus', cell: (r) => <StatusTag status={r.resultStatus} /> },
    {
      key: 'count',
      header: 'Right Answer Count',
      sort: 'answerStatus',
      className: 'results-num',
      cell: (r) => r.answerStatus,
    },
    { key: 'organization', header: 'Organization', sort: 'organizationName', cell: (r) => r.organizationName ?? '—' },
    {
      key: 'played',
      header: 'Played',
      sort: 'created',
      cell: (r) => (
        <time dateTime={r.created} className="results-played">
          <span>{formatResultDate(r.created)}</span> <span className="hint">{formatResultTime(r.created)}</span>
        </time>
      ),
    },
    {
      key: 'detail',
      header: 'Detail',
      className: 'col-action',
      cell: (r) => (
        <button
          type="button"
          className="button button-small button-ghost"
          aria-label={`Details of ${rowName(r)}`}
          onClick={() => props.onOpen(r)}
        >
          View
        </button>
      ),
    },
  ];

  if (props.error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{props.error}</p>
        <button type="button" className="button button-small" onClick={props.onRetry}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="table-wrap">
      <table className="table results-table" aria-busy={rows === null}>
        <caption className="visually-hidden">Play results</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const active = c.sort !== undefined && c.sort === props.sort;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={c.className}
                  aria-sort={active ? (props.order === 'desc' ? 'descending' : 'ascending') : undefined}
                >
                  {c.sort ? (
                    <button type="button" className="results-sort" onClick={() => c.sort && props.onSort(c.sort)}>
                      {c.header}
                      <span aria-hidden="true" className={active ? 'results-sort-mark active' : 'results-sort-mark'}>
                        {active ? (props.order === 'desc' ? '▼' : '▲') : '↕'}
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
            rows.map((r) => (
              <tr key={r.id} className={selected.has(r.id) ? 'results-selected' : undefined}>
                {columns.map((c) => (
                  <td key={c.key} className={c.className}>
                    {c.cell(r)}
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

/** The header's checkbox: every row of the page; "mixed" when only some are chosen. */
function PageCheckbox({
  checked,
  mixed,
  disabled,
  onChange,
}: {
  checked: boolean;
  mixed: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="results-check"
      aria-label="Select every result on this page"
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
