import { formatResultDate, formatResultTime } from '@scentry/shared-schema/result-document';
import type { ReactNode } from 'react';
import { Clip, type SortableColumn, SortableTable, selectColumn } from '../../ui/data-table';
import type { TestResultRow } from './api';
import { NAME_HIDDEN, playerName } from './report-model';
import type { ResultSortColumn, SortOrder } from './search';

type Column = SortableColumn<TestResultRow, ResultSortColumn>;

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

/** A long name cut to fit a laptop's width (its whole text on hover and when the row has the focus). */
const clip = (text: string | null | undefined) => (text ? <Clip text={text} className="clip-name" /> : '—');

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

  const columns: Column[] = [
    selectColumn({
      rows,
      idOf: (r) => r.id,
      selected,
      onSelect,
      className: 'results-check',
      pageLabel: 'Select every result on this page',
      rowLabel: (r) => `Select ${rowName(r)}`,
    }),
    {
      key: 'shortId',
      header: 'Id',
      className: 'results-id',
      // The first 8 characters of the result id, as printed on the player's report.
      cell: (r) => <code title={r.id}>{r.shortId}</code>,
    },
    ...(props.showNames
      ? [
          { key: 'firstName', header: 'First Name', sort: 'firstName', cell: (r) => clip(r.firstName) } as Column,
          { key: 'lastName', header: 'Last Name', sort: 'lastName', cell: (r) => clip(r.lastName) } as Column,
        ]
      : []),
    { key: 'kit', header: 'Play Kit', sort: 'testKitName', cell: (r) => clip(r.testKitName) },
    { key: 'status', header: 'Result', sort: 'resultStatus', cell: (r) => <StatusTag status={r.resultStatus} /> },
    {
      key: 'count',
      header: 'Right Answer Count',
      sort: 'answerStatus',
      className: 'results-num',
      cell: (r) => r.answerStatus,
    },
    { key: 'organization', header: 'Organization', sort: 'organizationName', cell: (r) => clip(r.organizationName) },
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
          Details
        </button>
      ),
    },
  ];

  return (
    <SortableTable
      caption="Play results"
      className="results-table"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowClassName={(r) => (selected.has(r.id) ? 'results-selected' : undefined)}
      error={props.error}
      onRetry={props.onRetry}
      empty={props.empty}
      sort={props.sort}
      order={props.order}
      onSort={props.onSort}
    />
  );
}
