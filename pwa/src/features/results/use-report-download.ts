import { RESULTS_MSG } from '@scentry/shared-schema';
import type { ReportProvider } from '@scentry/shared-schema/report';
import { useState } from 'react';
import { saveFile } from '../../lib/download';
import { knownPublicUrl } from '../../lib/public-url';
import { queryClient } from '../../lib/query';
import { useToast } from '../../ui/toast';
import { getProvider, type TestResultRow } from './api';
import { answersQuery } from './queries';
import { adminReportFileName, buildAdminReportModel } from './report-model';

// The report module (jsPDF, the QR encoder) loads only when a report is made.
const loadReport = () => import('../../report');

export interface DownloadProgress {
  done: number;
  total: number;
}

/**
 * "Download reports": one PDF per chosen result, made on this device by the player's report
 * module from the server's record (the row and its answers), saved one after the other. Nothing
 * chosen is the spec's warning (§8). A report that cannot be made is counted and said; the others
 * are still saved.
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
    try {
      const report = await loadReport();
      const paper = report.paperForLocale(navigator.language);
      for (const [i, row] of rows.entries()) {
        try {
          const [answers, org] = await Promise.all([
            queryClient.fetchQuery(answersQuery(row.id)),
            provider(row.organizationId),
          ]);
          const model = buildAdminReportModel(row, answers.list, { provider: org, publicUrl });
          const pictures = await report.loadReportPictures(model);
          saveFile(
            await report.renderReportPdf(model, pictures, { paper, language: 'en' }),
            adminReportFileName(model),
          );
        } catch {
          failed++;
        }
        setProgress({ done: i + 1, total: rows.length });
      }
    } catch {
      failed = rows.length;
    } finally {
      setProgress(null);
    }
    const saved = rows.length - failed;
    if (failed === 0) notify('success', saved === 1 ? 'Report downloaded' : `${saved} reports downloaded`);
    else
      notify(
        'error',
        `${failed} of ${rows.length} reports could not be made. Please try again.`,
        saved ? `${saved} downloaded` : undefined,
      );
  }

  return { download, progress };
}
