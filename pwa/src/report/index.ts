/**
 * The result report on the device: the shared layout (`@scentry/shared-schema/report`, also drawn
 * by the server for e-mails) as Blobs to download or share, its PNG image (a canvas: browser
 * only) and the option pictures from the image cache. This entry is light: jsPDF and the QR
 * encoder load only when a report is drawn.
 */
import {
  layoutReportWithPdfMetrics,
  type QuestionnaireReportModel,
  type ReportModel,
  type ReportOptions,
  type ReportPictures,
  renderQuestionnairePdfBytes,
  renderReportPdfBytes,
} from '@scentry/shared-schema/report';

export {
  type Paper,
  paperForLocale,
  type QuestionnaireAnswerRow,
  type QuestionnaireReportModel,
  questionnaireFileName,
  type ReportCard,
  type ReportModel,
  type ReportOptions,
  type ReportPictures,
  type ReportProvider,
  renderQuestionnairePdfBytes,
  renderReportPdfBytes,
  reportFileName,
} from '@scentry/shared-schema/report';
export { loadReportPictures } from './pictures';

import { deviceFontSource } from './fonts';

const pdfBlob = (bytes: Uint8Array) => new Blob([bytes as BlobPart], { type: 'application/pdf' });
/** The device's fonts of other scripts unless the caller gives its own source. */
const withFonts = (options: ReportOptions): ReportOptions => ({ fonts: deviceFontSource, ...options });

export async function renderReportPdf(
  model: ReportModel,
  pictures: ReportPictures,
  options: ReportOptions = {},
): Promise<Blob> {
  return pdfBlob(await renderReportPdfBytes(model, pictures, withFonts(options)));
}

/** The report as a PNG image (2 pixels per point; pages stacked). Browser only: it draws on a canvas. */
export async function renderReportPng(
  model: ReportModel,
  pictures: ReportPictures,
  options: ReportOptions = {},
): Promise<Blob> {
  const [layout, { drawPng }] = await Promise.all([
    layoutReportWithPdfMetrics(model, pictures, withFonts(options)),
    import('./image'),
  ]);
  return drawPng(layout, pictures);
}

/** The COVID-19 questionnaire's answers as a PDF: the result report's look, made on the device. */
export async function renderQuestionnairePdf(
  model: QuestionnaireReportModel,
  options: ReportOptions = {},
): Promise<Blob> {
  return pdfBlob(await renderQuestionnairePdfBytes(model, withFonts(options)));
}
