import { RESULTS_MSG } from '@scentry/shared-schema';
import type { ReportModel, ReportPictures, ReportProvider } from '@scentry/shared-schema/result-document';
import { useState } from 'react';
import { saveFile } from '../../lib/download';
import { knownPublicUrl } from '../../lib/public-url';
import { queryClient } from '../../lib/query';
import { useToast } from '../../ui/toast';
import { getProvider, type TestResultRow } from './api';
import { answersQuery } from './queries';
import { adminReportFileName, buildAdminReportModel } from './report-model';

// The report module (jsPDF, the QR encoder) loads only when a report is made.
const loadReport = () => import('../../result-document');

export interface DownloadProgress {
  done: number;
  total: number;
}

/**
 * "Download reports": the chosen results' reports, made on this device by the player's report
 * module from the server's record (the row and its answers). One result gives its own report's
 * file, as from the detail; several give ONE PDF (scentry-reports-YYYY-MM-DD.pdf), each result
 * starting on a new page, in the table's order: one download, no browser prompt for many files.
 * The progress counts the results gathered ("n of m"), then the document being drawn. Nothing
 * chosen is the spec's warning (§8). A result whose report cannot be made is counted and said; the
 * others are still in the file.
 */
export function useReportDownload() {
  const notify = useToast();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);

  async function download(rows: TestResultRow[]) {
    if (rows.length === 0) {
      notify('warning', RESULTS_MSG.selectRow);
      return;
    }
    if (progress) return;
    setProgress({ done: 0, total: rows.length });
    const publicUrl = knownPublicUrl() ?? window.location.origin;
    const providers = new Map<number, Promise<ReportProvider | null>>();
    const provider = (id: number | null) => {
      if (id === null) return Promise.resolve(null);
      if (!providers.has(id)) providers.set(id, getProvider(id));
      return providers.get(id) as Promise<ReportProvider | null>;
    };
    let failed = 0;
    let saved = 0;
    try {
      const report = await loadReport();
      const paper = report.paperForLocale(navigator.language);
      const made: { model: ReportModel; pictures: ReportPictures }[] = [];
      for (const [i, row] of rows.entries()) {
        try {
          const [answers, org] = await Promise.all([
            queryClient.fetchQuery(answersQuery(row.id)),
            provider(row.organizationId),
          ]);
          const model = buildAdminReportModel(row, answers.list, { provider: org, publicUrl });
          made.push({ model, pictures: await report.loadReportPictures(model) });
        } catch {
          failed++;
        }
        setProgress({ done: i + 1, total: rows.length });
      }
      if (made.length === 1 && rows.length === 1) {
        const [{ model, pictures }] = made;
        saveFile(await report.renderReportPdf(model, pictures, { paper, language: 'en' }), adminReportFileName(model));
      } else if (made.length > 0) {
        saveFile(await report.renderReportsPdf(made, { paper, language: 'en' }), report.reportsFileName());
      }
      saved = made.length;
    } catch {
      failed = rows.length;
      saved = 0;
    } finally {
      setProgress(null);
    }
    if (failed === 0) notify('success', saved === 1 ? 'Report downloaded' : `${saved} reports downloaded in one file`);
    else
      notify(
        'error',
        `${failed} of ${rows.length} reports could not be made. Please try again.`,
        saved ? `${saved} downloaded` : undefined,
      );
  }

  return { download, progress };
}
