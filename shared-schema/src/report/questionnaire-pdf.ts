import { NO_FONTS, type ReportFonts } from './fonts';
import type { JsPdfClass } from './jspdf';
import type { Paper, ReportLayout } from './layout';
import { jsPdfMeasurer } from './measure';
import { drawPdf } from './pdf';
import { layoutQuestionnaire } from './questionnaire-layout';
import type { QuestionnaireReportModel } from './questionnaire-model';
import { QUESTIONNAIRE_TEXT } from './questionnaire-texts';
import { toReportText } from './text';
import { REPORT_TEXT } from './texts';

/** Lays the questionnaire out with the PDF's metrics and fonts, as the result report is. */
export function layoutQuestionnaireWithPdfMetrics(
  JsPdf: JsPdfClass,
  model: QuestionnaireReportModel,
  paper: Paper = 'letter',
  fonts: ReportFonts = NO_FONTS,
): ReportLayout {
  const doc = new JsPdf({ unit: 'pt', format: paper, orientation: 'portrait', putOnlyUsedFonts: true });
  const layout = layoutQuestionnaire(model, {
    paper,
    measurer: jsPdfMeasurer(doc, fonts),
    notice: fonts.incomplete ? REPORT_TEXT.fontNotice : null,
  });
  return { ...layout, fonts };
}

/** The questionnaire as PDF bytes: no pictures, real text in Helvetica and each script's font (works in Node too). */
export function renderQuestionnairePdfBytes(
  JsPdf: JsPdfClass,
  model: QuestionnaireReportModel,
  paper: Paper = 'letter',
  fonts: ReportFonts = NO_FONTS,
): Uint8Array {
  return drawPdf(
    JsPdf,
    layoutQuestionnaireWithPdfMetrics(JsPdf, model, paper, fonts),
    new Map(),
    `Scentry - ${QUESTIONNAIRE_TEXT.title} - ${toReportText(model.playerName)}`,
    QUESTIONNAIRE_TEXT.title,
  );
}
