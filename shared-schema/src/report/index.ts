/**
 * The result report and the questionnaire document: one layout, drawn by the player's device (its
 * download, its image) and by the server (the PDF it attaches to an e-mail), so both say the same.
 * `@scentry/shared-schema/report`, apart from the main entry: this entry is light (wording,
 * formats, file names); jsPDF and the QR encoder load only when a PDF is drawn.
 */
import { formatResultDate } from './format';
import type { Paper, ReportLayout } from './layout';
import type { ReportModel, ReportPictures } from './model';
import type { QuestionnaireReportModel } from './questionnaire-model';

export * from './format';
export type { Paper, ReportLayout, ReportOp, Rgb } from './layout';
export type { ReportCard, ReportModel, ReportPictures, ReportProvider } from './model';
export { paperForLocale } from './paper';
export { pngSize } from './png';
export type { QuestionnaireAnswerRow, QuestionnaireReportModel } from './questionnaire-model';
export { answerText, QUESTIONNAIRE_LABELS, QUESTIONNAIRE_TEXT } from './questionnaire-texts';
export { toReportText } from './text';
export { REPORT_LABELS, REPORT_TEXT } from './texts';

export interface ReportOptions {
  /** 'letter' (default) or 'a4'. */
  paper?: Paper;
}

/** The report as PDF bytes (Node and the browser alike). */
export async function renderReportPdfBytes(
  model: ReportModel,
  pictures: ReportPictures,
  options: ReportOptions = {},
): Promise<Uint8Array> {
  const [{ loadJsPdf }, { renderPdfBytes }] = await Promise.all([import('./jspdf'), import('./pdf')]);
  return renderPdfBytes(await loadJsPdf(), model, pictures, options.paper);
}

/** The report laid out with the PDF's Helvetica metrics: what the device's image back end draws. */
export async function layoutReportWithPdfMetrics(
  model: ReportModel,
  pictures: ReportPictures,
  options: ReportOptions = {},
): Promise<ReportLayout> {
  const [{ loadJsPdf }, { layoutWithPdfMetrics }] = await Promise.all([import('./jspdf'), import('./pdf')]);
  return layoutWithPdfMetrics(await loadJsPdf(), model, pictures, options.paper);
}

/** `Scentry-result-11-23-2026.pdf`: the date the result was played, in Los Angeles. */
export function reportFileName(model: Pick<ReportModel, 'playedAt'>, ext: 'pdf' | 'png'): string {
  return `Scentry-result-${formatResultDate(model.playedAt).replaceAll('/', '-')}.${ext}`;
}

/** The COVID-19 questionnaire's answers as PDF bytes (Node and the browser alike). */
export async function renderQuestionnairePdfBytes(
  model: QuestionnaireReportModel,
  options: ReportOptions = {},
): Promise<Uint8Array> {
  const [{ loadJsPdf }, pdf] = await Promise.all([import('./jspdf'), import('./questionnaire-pdf')]);
  return pdf.renderQuestionnairePdfBytes(await loadJsPdf(), model, options.paper);
}

/** `Scentry-questionnaire-11-23-2026.pdf`: the date it was answered, in Los Angeles. */
export function questionnaireFileName(model: Pick<QuestionnaireReportModel, 'answeredAt'>): string {
  return `Scentry-questionnaire-${formatResultDate(model.answeredAt).replaceAll('/', '-')}.pdf`;
}
