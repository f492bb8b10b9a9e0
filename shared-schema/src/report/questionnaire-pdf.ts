import type { JsPdfClass } from './jspdf';
import type { Paper, ReportLayout } from './layout';
import { jsPdfMeasurer } from './measure';
import { drawPdf } from './pdf';
import { layoutQuestionnaire } from './questionnaire-layout';
import type { QuestionnaireReportModel } from './questionnaire-model';
import { QUESTIONNAIRE_TEXT } from './questionnaire-texts';
import { toReportText } from './text';

/** Lays the questionnaire out with jsPDF's Helvetica metrics, as the result report is. */
export function layoutQuestionnaireWithPdfMetrics(
  JsPdf: JsPdfClass,
  model: QuestionnaireReportModel,
  paper: Paper = 'letter',
): ReportLayout {
  const doc = new JsPdf({ unit: 'pt', format: paper, orientation: 'portrait', putOnlyUsedFonts: true });
  return layoutQuestionnaire(model, { paper, measurer: jsPdfMeasurer(doc) });
}

/** The questionnaire as PDF bytes: no pictures, real text in Helvetica (works in Node too). */
export function renderQuestionnairePdfBytes(
  JsPdf: JsPdfClass,
  model: QuestionnaireReportModel,
  paper: Paper = 'letter',
): Uint8Array {
  return drawPdf(
    JsPdf,
    layoutQuestionnaireWithPdfMetrics(JsPdf, model, paper),
    new Map(),
    `Scentry - ${QUESTIONNAIRE_TEXT.title} - ${toReportText(model.playerName)}`,
    QUESTIONNAIRE_TEXT.title,
  );
}
