import { NO_FONTS, type ReportFonts } from './fonts';
import type { JsPdfClass } from './jspdf';
import type { Paper, ReportLayout } from './layout';
import { jsPdfMeasurer } from './measure';
import { drawPdf } from './pdf';
import { layoutQuestionnaire } from './questionnaire-layout';
import type { QuestionnaireReportModel } from './questionnaire-model';
import { playerNameText } from './record-values';
import { toReportText } from './text';
import type { ReportLanguage } from './texts';

/** Lays the questionnaire out with the PDF's metrics and fonts, as the result report is. */
export function layoutQuestionnaireWithPdfMetrics(
  JsPdf: JsPdfClass,
  model: QuestionnaireReportModel,
  words: ReportLanguage,
  paper: Paper = 'letter',
  fonts: ReportFonts = NO_FONTS,
): ReportLayout {
  const doc = new JsPdf({ unit: 'pt', format: paper, orientation: 'portrait', putOnlyUsedFonts: true });
  const layout = layoutQuestionnaire(model, {
    ...words,
    paper,
    measurer: jsPdfMeasurer(doc, fonts),
    notice: fonts.incomplete ? words.t('report.fontNotice') : null,
  });
  return { ...layout, fonts };
}

/** The questionnaire as PDF bytes: no pictures, real text in Helvetica and each script's font (works in Node too). */
export function renderQuestionnairePdfBytes(
  JsPdf: JsPdfClass,
  model: QuestionnaireReportModel,
  words: ReportLanguage,
  paper: Paper = 'letter',
  fonts: ReportFonts = NO_FONTS,
): Uint8Array {
  const title = words.t('questionnaireReport.title');
  return drawPdf(JsPdf, layoutQuestionnaireWithPdfMetrics(JsPdf, model, words, paper, fonts), new Map(), {
    title: `Scentry - ${title} - ${toReportText(playerNameText(model.playerName, words.t))}`,
    subject: title,
    language: words.language,
  });
}
