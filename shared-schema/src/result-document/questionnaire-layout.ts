import { formatResultDate, formatResultTime } from './format';
import {
  BODY,
  CAP,
  COLORS,
  centred,
  DETAIL_LABEL_W,
  type DetailRow,
  GAP,
  HEADING_H,
  LABEL,
  lineHeight,
  type Paper,
  pageFrame,
  type ReportLayout,
  ROW_PAD,
  SMALL,
  shortResultId,
} from './page-frame';
import type { QuestionnaireReportModel } from './questionnaire-model';
import { answerText, questionText, yesNo } from './questionnaire-texts';
import { localizedQuestionnaireModel } from './record-values';
import type { Measurer } from './text';
import type { ReportLanguage } from './texts';

/*
 * The questionnaire document, laid out as the result report is (layout.ts): the same page, header
 * band, type sizes, colours, details rows, table and foot (page-frame.ts), drawn by the same back
 * ends from a list of operations.
 */

export interface QuestionnaireLayoutOptions extends ReportLanguage {
  paper?: Paper;
  measurer: Measurer;
  /** A note on the first page (a script's font was missing). */
  notice?: string | null;
}

export function layoutQuestionnaire(
  source: QuestionnaireReportModel,
  options: QuestionnaireLayoutOptions,
): ReportLayout {
  const { t, language } = options;
  const model = localizedQuestionnaireModel(source, t);
  const date = formatResultDate(model.answeredAt, language);
  const time = formatResultTime(model.answeredAt, language);
  const frame = pageFrame({
    paper: options.paper,
    measurer: options.measurer,
    t,
    title: t('questionnaireReport.title'),
    playerName: model.playerName,
    date,
    resultId: model.resultId,
    notice: options.notice,
  });
  const { contentW, left, right, bottom, push, width, text, wrap, paragraph, hline, heading } = frame;
  const { detailRow, detailColumnH, detailColumn } = frame;

  let y = 0;
  const newPage = () => {
    y = frame.newPage();
  };
  const ensure = (h: number) => {
    if (y + h > bottom) newPage();
  };

  newPage();

  // What this is, in a tinted band where the result report has its status.
  {
    const pad = 12;
    const introLines = wrap(t('questionnaireReport.intro'), contentW - 2 * pad, BODY);
    const h = 2 * pad + 16 + introLines.length * lineHeight(BODY);
    push({
      kind: 'rect',
      x: left,
      y,
      w: contentW,
      h,
      fill: COLORS.tealTint,
      stroke: COLORS.teal,
      lineWidth: 1.25,
      radius: 6,
    });
    text(left + pad, y + pad + 13 * CAP, t('questionnaireReport.heading'), {
      size: 13,
      bold: true,
      color: COLORS.tealDark,
    });
    paragraph(left + pad, y + pad + 16, introLines, { size: BODY, maxWidth: contentW - 2 * pad });
    y += h + GAP;
  }

  // Who and when: two columns of label / value rows.
  {
    const colGap = 24;
    const leftW = Math.round((contentW - colGap) * 0.54);
    const rightW = contentW - colGap - leftW;
    const lv = leftW - DETAIL_LABEL_W;
    const rv = rightW - DETAIL_LABEL_W;
    const leftRows: DetailRow[] = [
      detailRow(t('report.name'), model.playerName, lv, true),
      detailRow(t('report.kit'), model.kitName, lv),
      detailRow(t('report.resultId'), shortResultId(model.resultId), lv),
    ];
    const rightRows: DetailRow[] = [detailRow(t('report.date'), date, rv), detailRow(t('report.time'), time, rv)];
    ensure(HEADING_H + Math.max(detailColumnH(leftRows), detailColumnH(rightRows)));
    const top = y;
    y = Math.max(
      detailColumn(left, top, leftW, t('questionnaireReport.player'), leftRows),
      detailColumn(right - rightW, top, rightW, t('questionnaireReport.answered'), rightRows),
    );
    y += GAP;
  }

  // The questions and answers: one table row each, the answer in a pill.
  {
    const colNum = 24;
    const colAnswer = 76;
    const pad = 8;
    const headerH = 18;
    const lh = lineHeight(BODY);
    const xNum = left;
    const xQuestion = xNum + colNum;
    const xAnswer = right - colAnswer;
    const questionW = xAnswer - xQuestion - 2 * pad;
    const pillW = 42;
    const pillH = 16;
    const rows = model.answers.map((a, i) => {
      const lines = wrap(questionText(a.question, t), questionW, BODY);
      return {
        position: i + 1,
        lines,
        answer: answerText(a.answer, t),
        known: yesNo(a.answer),
        h: Math.max(pillH + 4 * ROW_PAD, lines.length * lh + 4 * ROW_PAD),
      };
    });
    const tableHeader = () => {
      push({ kind: 'rect', x: left, y, w: contentW, h: headerH, fill: COLORS.tealTint });
      const base = centred(y, headerH, LABEL);
      const style = { size: LABEL, bold: true, color: COLORS.tealDark };
      text(xNum + pad, base, '#', style);
      text(xQuestion + pad, base, t('questionnaireReport.question'), style);
      text(xAnswer + pad, base, t('questionnaireReport.answer'), style);
      y += headerH;
    };
    ensure(HEADING_H + headerH + (rows[0]?.h ?? 0));
    y += heading(left, y, t('questionnaireReport.questions'), contentW);
    tableHeader();
    rows.forEach(({ position, lines, answer, known, h }, i) => {
      if (y + h > bottom) {
        newPage();
        tableHeader();
      }
      const top = y;
      const middle = top + h / 2;
      if (i % 2 === 1) push({ kind: 'rect', x: left, y: top, w: contentW, h, fill: COLORS.zebra });
      text(xNum + pad, centred(top, h, BODY), String(position), { size: BODY, bold: true, color: COLORS.muted });
      paragraph(xQuestion + pad, middle - (lines.length * lh) / 2, lines, { size: BODY, maxWidth: questionW });
      const yes = known === 'yes';
      const w = known ? pillW : Math.min(colAnswer - pad, width(answer, BODY, true) + 12);
      push({
        kind: 'rect',
        x: xAnswer + pad,
        y: middle - pillH / 2,
        w,
        h: pillH,
        fill: yes ? COLORS.tealLight : COLORS.placeholder,
        stroke: yes ? COLORS.teal : COLORS.line,
        lineWidth: 0.75,
        radius: pillH / 2,
      });
      text(xAnswer + pad + w / 2, centred(middle - pillH / 2, pillH, BODY), answer, {
        size: BODY,
        bold: true,
        color: yes ? COLORS.tealDark : COLORS.ink,
        align: 'center',
        maxWidth: w,
      });
      y = top + h;
      hline(left, right, y, COLORS.hairline, 0.5);
    });
    const note = wrap(t('questionnaireReport.note'), contentW, SMALL);
    ensure(note.length * lineHeight(SMALL) + 6);
    y += 6;
    y += paragraph(left, y, note, { size: SMALL, color: COLORS.muted, maxWidth: contentW });
  }

  return frame.finish();
}
