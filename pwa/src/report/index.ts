/**
 * The result report: a PDF and a PNG image of a result, made on the device and offline. This
 * entry is light (jsPDF and the QR encoder load only when a report is drawn), so a screen may
 * import it for `reportFileName` or `loadReportPictures` without their weight.
 */
import { formatResultDate } from './format';
import type { Paper } from './layout';
import type { ReportModel, ReportPictures } from './model';
import type { QuestionnaireReportModel } from './questionnaire-model';

export type { Paper } from './layout';
export type { ReportCard, ReportModel, ReportPictures, ReportProvider } from './model';
export { loadReportPictures } from './pictures';

export interface ReportOptions {
  /** 'letter' (default) or 'a4'. */
  paper?: Paper;
}

/** The report as PDF bytes (works in Node too). */
export async function renderReportPdfBytes(
  model: ReportModel,
  pictures: ReportPictures,
  options: ReportOptions = {},
): Promise<Uint8Array> {
  const { renderPdfBytes } = await import('./pdf');
  return renderPdfBytes(model, pictures, options.paper);
}

export async function renderReportPdf(
  model: ReportModel,
  pictures: ReportPictures,
  options: ReportOptions = {},
): Promise<Blob> {
  const bytes = await renderReportPdfBytes(model, pictures, options);
  return new Blob([bytes as BlobPart], { type: 'application/pdf' });
}

/** The report as a PNG image (2 pixels per point; pages stacked). Browser only: it draws on a canvas. */
export async function renderReportPng(
  model: ReportModel,
  pictures: ReportPictures,
  options: ReportOptions = {},
): Promise<Blob> {
  const [{ layoutWithPdfMetrics }, { drawPng }] = await Promise.all([import('./pdf'), import('./image')]);
  return drawPng(layoutWithPdfMetrics(model, pictures, options.paper), pictures);
}

/** `Scentry-result-11-23-2026.pdf`: the date the result was played, in Los Angeles. */
export function reportFileName(model: Pick<ReportModel, 'playedAt'>, ext: 'pdf' | 'png'): string {
  return `Scentry-result-${formatResultDate(model.playedAt).replaceAll('/', '-')}.${ext}`;
}

export { paperForLocale } from './paper';
export type { QuestionnaireAnswerRow, QuestionnaireReportModel } from './questionnaire-model';

/** The COVID-19 questionnaire's answers as PDF bytes (works in Node too). */
export async function renderQuestionnairePdfBytes(
  model: QuestionnaireReportModel,
  options: ReportOptions = {},
): Promise<Uint8Array> {
  const pdf = await import('./questionnaire-pdf');
  return pdf.renderQuestionnairePdfBytes(model, options.paper);
}

/** The COVID-19 questionnaire's answers as a PDF: the result report's look, made on the device. */
export async function renderQuestionnairePdf(
  model: QuestionnaireReportModel,
  options: ReportOptions = {},
): Promise<Blob> {
  const bytes = await renderQuestionnairePdfBytes(model, options);
  return new Blob([bytes as BlobPart], { type: 'application/pdf' });
}

/** `Scentry-questionnaire-11-23-2026.pdf`: the date it was answered, in Los Angeles. */
export function questionnaireFileName(model: Pick<QuestionnaireReportModel, 'answeredAt'>): string {
  return `Scentry-questionnaire-${formatResultDate(model.answeredAt).replaceAll('/', '-')}.pdf`;
}
