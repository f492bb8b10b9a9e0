/**
 * The result report and the questionnaire document: one layout, drawn by the player's device (its
 * download, its image) and by the server (the PDF it attaches to an e-mail), so both say the same.
 * `@scentry/shared-schema/result-document`, apart from the main entry: this entry is light (wording,
 * formats, file names); jsPDF and the QR encoder load only when a PDF is drawn.
 */

import type { FontSource } from './fonts';
import { formatResultDate } from './format';
import type { Paper, ReportLayout } from './layout';
import type { ReportModel, ReportPictures } from './model';
import type { QuestionnaireReportModel } from './questionnaire-model';
import { toReportText } from './text';
import type { ReportLanguage } from './texts';

export type { FontSource, ReportFonts, TextRun } from './fonts';
export * from './format';
export type { Paper, ReportLayout, ReportOp, Rgb } from './layout';
export type { ReportCard, ReportModel, ReportPictures, ReportProvider } from './model';
export { paperForLocale } from './paper';
export { pngSize } from './png';
export type { QuestionnaireAnswerRow, QuestionnaireReportModel } from './questionnaire-model';
export { answerText, questionText } from './questionnaire-texts';
export { playerNameText } from './record-values';
export { toReportText } from './text';
export { REPORT_BRAND, type ReportLanguage } from './texts';

/**
 * How a report is made: its language (`t` and the language its dates are in: the player's on the
 * device, the e-mail's on the server), the paper and where fonts come from.
 */
export interface ReportOptions extends ReportLanguage {
  /** 'letter' (default) or 'a4'. */
  paper?: Paper;
  /**
   * Where the fonts of other scripts come from (the device fetches, the server reads files);
   * without it, or when a font cannot be had, letters outside Latin-1 print as code points with
   * a note on the report.
   */
  fonts?: FontSource;
}

const words = ({ t, language }: ReportOptions): ReportLanguage => ({ t, language });

/** jsPDF, and the fonts the model's texts need (every model's, for a document of several). */
async function prepare(model: ReportModel | QuestionnaireReportModel | ReportModel[], options: ReportOptions) {
  const [{ loadJsPdf }, { loadReportFonts, modelStrings }] = await Promise.all([import('./jspdf'), import('./fonts')]);
  const JsPdf = await loadJsPdf();
  const strings = modelStrings(model).map(toReportText);
  return { JsPdf, fonts: await loadReportFonts(strings, options.fonts, JsPdf) };
}

/** The report as PDF bytes (Node and the browser alike). */
export async function renderReportPdfBytes(
  model: ReportModel,
  pictures: ReportPictures,
  options: ReportOptions,
): Promise<Uint8Array> {
  const [{ JsPdf, fonts }, { renderPdfBytes }] = await Promise.all([prepare(model, options), import('./pdf')]);
  return renderPdfBytes(JsPdf, model, pictures, words(options), options.paper, fonts);
}

/**
 * Several results' reports as one PDF (Node and the browser alike): each laid out as its own report
 * (renderReportPdfBytes) and starting on a new page, in the order given; one copy of the fonts and
 * of each picture.
 */
export async function renderReportsPdfBytes(
  reports: { model: ReportModel; pictures: ReportPictures }[],
  options: ReportOptions,
): Promise<Uint8Array> {
  const [{ JsPdf, fonts }, pdf] = await Promise.all([
    prepare(
      reports.map((r) => r.model),
      options,
    ),
    import('./pdf'),
  ]);
  return pdf.renderReportsPdfBytes(JsPdf, reports, words(options), options.paper, fonts);
}

/** `scentry-reports-2026-11-23.pdf`: the file of several reports, named by the day it was made (local). */
export function reportsFileName(now: Date = new Date()): string {
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `scentry-reports-${now.getFullYear()}-${p2(now.getMonth() + 1)}-${p2(now.getDate())}.pdf`;
}

/** The report laid out with the PDF's metrics, with its fonts: what the device's image back end draws. */
export async function layoutReportWithPdfMetrics(
  model: ReportModel,
  pictures: ReportPictures,
  options: ReportOptions,
): Promise<ReportLayout> {
  const [{ JsPdf, fonts }, { layoutWithPdfMetrics }] = await Promise.all([prepare(model, options), import('./pdf')]);
  return layoutWithPdfMetrics(JsPdf, model, pictures, words(options), options.paper, fonts);
}

/** `Scentry-result-11-23-2026.pdf`: the date the result was played, in Los Angeles. */
export function reportFileName(model: Pick<ReportModel, 'playedAt'>, ext: 'pdf' | 'png'): string {
  return `Scentry-result-${formatResultDate(model.playedAt).replaceAll('/', '-')}.${ext}`;
}

/** The COVID-19 questionnaire's answers as PDF bytes (Node and the browser alike). */
export async function renderQuestionnairePdfBytes(
  model: QuestionnaireReportModel,
  options: ReportOptions,
): Promise<Uint8Array> {
  const [{ JsPdf, fonts }, pdf] = await Promise.all([prepare(model, options), import('./questionnaire-pdf')]);
  return pdf.renderQuestionnairePdfBytes(JsPdf, model, words(options), options.paper, fonts);
}

/** `Scentry-questionnaire-11-23-2026.pdf`: the date it was answered, in Los Angeles. */
export function questionnaireFileName(model: Pick<QuestionnaireReportModel, 'answeredAt'>): string {
  return `Scentry-questionnaire-${formatResultDate(model.answeredAt).replaceAll('/', '-')}.pdf`;
}
