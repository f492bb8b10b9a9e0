/**
 * The result report on the device: the shared layout (`@scentry/shared-schema/result-document`, also drawn
 * by the server for e-mails) as Blobs to download or share, its PNG image (a canvas: browser
 * only) and the option pictures from the image cache, in the player's language (the active one,
 * unless the caller names another: the admin's downloads stay English). This entry is light:
 * jsPDF and the QR encoder load only when a report is drawn.
 */
import type { Language } from '@scentry/shared-schema';
import {
  layoutReportWithPdfMetrics,
  type QuestionnaireReportModel,
  type ReportLanguage,
  type ReportModel,
  type ReportOptions,
  type ReportPictures,
  renderQuestionnairePdfBytes,
  renderReportPdfBytes,
  renderReportsPdfBytes,
} from '@scentry/shared-schema/result-document';
import { currentLanguage, translatorFor } from '../i18n';

export {
  type Paper,
  paperForLocale,
  type QuestionnaireAnswerRow,
  type QuestionnaireReportModel,
  questionnaireFileName,
  type ReportCard,
  type ReportModel,
  type ReportPictures,
  type ReportProvider,
  renderQuestionnairePdfBytes,
  renderReportPdfBytes,
  reportFileName,
  reportsFileName,
} from '@scentry/shared-schema/result-document';
export { loadReportPictures } from './pictures';

import { deviceFontSource } from './fonts';

/** How the device makes a report: the shared options, its language the active one unless named. */
export type DeviceReportOptions = Omit<ReportOptions, 't' | 'language'> & { language?: Language };

const pdfBlob = (bytes: Uint8Array) => new Blob([bytes as BlobPart], { type: 'application/pdf' });

/**
 * The messages of a report: the app's own in the active language (a Spanish player's report is
 * Spanish), else that language's catalogue, loaded for it alone (the app's language stays).
 */
async function reportLanguage(language: Language = currentLanguage()): Promise<ReportLanguage> {
  return { t: await translatorFor(language), language };
}

/** The device's fonts of other scripts unless the caller gives its own source, and the report's language. */
async function withDevice({ language, ...options }: DeviceReportOptions): Promise<ReportOptions> {
  return { fonts: deviceFontSource, ...options, ...(await reportLanguage(language)) };
}

export async function renderReportPdf(
  model: ReportModel,
  pictures: ReportPictures,
  options: DeviceReportOptions = {},
): Promise<Blob> {
  return pdfBlob(await renderReportPdfBytes(model, pictures, await withDevice(options)));
}

/** Several results' reports as one PDF, each starting on a new page (the shared layout, as renderReportPdf). */
export async function renderReportsPdf(
  reports: { model: ReportModel; pictures: ReportPictures }[],
  options: DeviceReportOptions = {},
): Promise<Blob> {
  return pdfBlob(await renderReportsPdfBytes(reports, await withDevice(options)));
}

/** The report as a PNG image (2 pixels per point; pages stacked). Browser only: it draws on a canvas. */
export async function renderReportPng(
  model: ReportModel,
  pictures: ReportPictures,
  options: DeviceReportOptions = {},
): Promise<Blob> {
  const [layout, { drawPng }] = await Promise.all([
    withDevice(options).then((o) => layoutReportWithPdfMetrics(model, pictures, o)),
    import('./image'),
  ]);
  return drawPng(layout, pictures);
}

/** The COVID-19 questionnaire's answers as a PDF: the result report's look, made on the device. */
export async function renderQuestionnairePdf(
  model: QuestionnaireReportModel,
  options: DeviceReportOptions = {},
): Promise<Blob> {
  return pdfBlob(await renderQuestionnairePdfBytes(model, await withDevice(options)));
}
