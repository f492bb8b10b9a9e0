import type { LocationReportRow } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { ListPager, type SearchChange, type SearchProps, useListUrl } from '../../ui/paged-list';
import { Spinner } from '../../ui/spinner';
import { type LocationSearch, type LocationSortColumn, nextSort, type ReportBody } from './filters';
import { dataLocationQuery } from './queries';
import { ReportFrame } from './report-frame';

const COLUMNS: { key: LocationSortColumn; header: string; numeric?: boolean }[] = [
  { key: 'country', header: 'Country' },
  { key: 'state', header: 'State' },
  { key: 'city', header: 'City' },
  { key: 'pass', header: 'Pass', numeric: true },
  { key: 'fail', header: 'Fail', numeric: true },
];

/** /admin/Reports/dataLocation: passes and fails per country, state and city; sortable, paged. */
export function DataLocationReport({ search, onSearchChange }: SearchProps<LocationSearch>) {
  return (
    <ReportFrame title="Data Location" search={search} onSearchChange={onSearchChange}>
      {(body) => <LocationTable body={body} search={search} onSearchChange={onSearchChange} />}
    </ReportFrame>
  );
}

function LocationTable({
  body,
  search,
  onSearchChange,
}: {
  body: ReportBody;
  search: LocationSearch;
  onSearchChange: SearchChange<LocationSearch>;
}) {
  const list = useListUrl(search, onSearchChange);
  const rows = useQuery(dataLocationQuery(body, search));
  const order = search.order ?? 'asc';
  const sortBy = (column: LocationSortColumn) =>
    onSearchChange((prev) => ({ ...prev, ...nextSort(prev, column), page: undefined }));

  if (rows.error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{rows.error.message}</p>
        <button type="button" className="button button-small" onClick={() => void rows.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const visible: LocationReportRow[] | null = rows.data?.list ?? null;
  return (
    <>
      <div className={rows.isPlaceholderData ? 'table-wrap report-stale' : 'table-wrap'}>
        {/* table-cards and data-label: a card a row on a phone, as every list (ui/data-table). */}
        <table className="table table-cards report-table" aria-busy={visible === null || rows.isFetching}>
          <caption className="visually-hidden">Pass and fail by location</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => {
                const active = search.sort === c.key;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={c.numeric ? 'num' : undefined}
                    aria-sort={active ? (order === 'desc' ? 'descending' : 'ascending') : undefined}
                  >
                    <button type="button" className="table-sort" onClick={() => sortBy(c.key)}>
                      {c.header}
                      <span aria-hidden="true" className={active ? 'table-sort-mark active' : 'table-sort-mark'}>
                        {active ? (order === 'desc' ? '▼' : '▲') : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {visible === null ? (
              <tr>
                <td colSpan={COLUMNS.length} className="table-state">
                  <Spinner /> Loading…
                </td>
              </tr>
            ) : visible.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS.length} className="table-state">
                  No results in this period.
                </td>
              </tr>
            ) : (
              visible.map((r) => (
                <tr key={`${r.country}\u0000${r.state}\u0000${r.city}`}>
                  <td data-label="Country">{r.country}</td>
                  <td data-label="State">{r.state}</td>
                  <td data-label="City">{r.city}</td>
                  <td data-label="Pass" className="num report-pass">
                    {r.pass}
                  </td>
                  <td data-label="Fail" className="num report-fail">
                    {r.fail}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <ListPager list={list} total={rows.data?.totalCount} />
    </>
  );
}
