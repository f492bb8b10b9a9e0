import { FILTER_TEXT_MAX } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { saveFile } from '../../lib/download';
import { getSession, isAdmin } from '../../lib/session';
import { useRowSelection } from '../../ui/data-table';
import { ListScreen, type SearchProps } from '../../ui/paged-list';
import { useToast } from '../../ui/toast';
import { failureToast } from '../../ui/use-form';
import { exportCsv, type TestResultRow } from './api';
import { resultListQuery } from './queries';
import { exportCsvBody, exportFileName } from './request';
import { ResultDetail } from './result-detail';
import { ResultFilters } from './result-filters';
import { ResultTable } from './result-table';
import type { ResultListSearch } from './search';
import { useReportDownload } from './use-report-download';
import { useResultListUrl } from './use-result-list-url';
import './results.css';

/**
 * /admin/testresult: Play Results (spec §2, §3, §7). Search, filter, sort and page (all in the
 * URL); a row's detail; the chosen rows' reports as PDFs; the filtered set as CSV. An Admin sees
 * every organization's results; a Client Admin their own, without names where not disclosed.
 */
export function ResultList({ search, onSearchChange }: SearchProps<ResultListSearch>) {
  const session = getSession();
  const admin = isAdmin(session);
  const showNames = !(session?.roleName === 'Client Admin' && session.discloseUserDetails === false);
  const list = useResultListUrl(search, onSearchChange);
  const query = resultListQuery(search);
  const rows = useQuery(query);
  const selection = useRowSelection<string>(JSON.stringify(query.queryKey));
  const notify = useToast();
  const reports = useReportDownload();
  const [open, setOpen] = useState<TestResultRow | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [exporting, setExporting] = useState<'plain' | 'extended' | null>(null);
  const panelId = useId();

  const visible = rows.data?.list ?? null;
  const chosen = (visible ?? []).filter((r) => selection.selected.has(r.id));

  /** The filtered set as CSV: the spec's columns, or all of them ("Export (all columns)": Extended). */
  async function onExport(kind: 'plain' | 'extended') {
    setExporting(kind);
    try {
      const file = await exportCsv(exportCsvBody(search, { admin }, { extended: kind === 'extended' }));
      saveFile(file.blob, file.fileName ?? exportFileName());
    } catch (err) {
      // spec §8: 'Sorry! There is no data to export.' is a warning.
      const t = failureToast(err, 'warning');
      notify(t.kind, t.message, 'Export');
    } finally {
      setExporting(null);
    }
  }

  const busy = reports.progress;
  return (
    <ListScreen
      className="results"
      title="Play Results"
      actions={
        <div className="results-actions">
          <button
            type="button"
            className="button button-small"
            disabled={busy !== null}
            onClick={() => void reports.download(chosen)}
          >
            Download reports
          </button>
          <button
            type="button"
            className="button button-small button-ghost"
            disabled={exporting !== null}
            onClick={() => void onExport('plain')}
          >
            {exporting === 'plain' ? 'Exporting…' : 'Export CSV'}
          </button>
          <button
            type="button"
            className="button button-small button-ghost"
            disabled={exporting !== null}
            onClick={() => void onExport('extended')}
          >
            {exporting === 'extended' ? 'Exporting…' : 'Export (all columns)'}
          </button>
        </div>
      }
      filters={
        <>
          <div className="results-toolbar">
            <div className="field results-search">
              <label htmlFor="results-search">Search</label>
              <input
                id="results-search"
                type="search"
                placeholder="Name, kit, organization or result id"
                maxLength={FILTER_TEXT_MAX}
                value={list.search}
                onChange={(e) => list.setSearch(e.target.value)}
              />
            </div>
            <button
              type="button"
              className="button button-small button-ghost results-filter-toggle"
              aria-expanded={filtersOpen}
              aria-controls={panelId}
              onClick={() => setFiltersOpen((o) => !o)}
            >
              {filtersOpen ? 'Hide filters' : 'Filters'}
              {list.filterCount > 0 && <span className="results-count">{list.filterCount}</span>}
            </button>
          </div>
          {filtersOpen ? (
            <ResultFilters id={panelId} search={search} list={list} admin={admin} />
          ) : (
            <div id={panelId} hidden />
          )}
          <div className="results-status" aria-live="polite">
            {busy ? (
              <>
                <span>
                  {busy.done < busy.total
                    ? `Making report ${busy.done + 1} of ${busy.total}…`
                    : `Putting ${busy.total} reports in one file…`}
                </span>
                <progress max={busy.total} value={busy.done} aria-label="Reports made" />
              </>
            ) : (
              <span className="hint">{chosen.length ? `${chosen.length} selected` : 'None selected'}</span>
            )}
          </div>
        </>
      }
      list={list}
      total={rows.data?.totalCount}
      dialogs={
        <ResultDetail
          row={open}
          showNames={showNames}
          onClose={() => setOpen(null)}
          onDownload={(row) => void reports.download([row])}
          downloading={busy !== null}
        />
      }
    >
      <ResultTable
        rows={visible}
        error={rows.error?.message ?? null}
        onRetry={() => void rows.refetch()}
        empty={list.filtered ? 'No result matches these filters.' : 'No play results yet.'}
        showNames={showNames}
        sort={list.sort}
        order={list.order}
        onSort={list.toggleSort}
        selected={selection.selected}
        onSelect={selection.select}
        onOpen={setOpen}
      />
    </ListScreen>
  );
}
