import { formatResultDate, formatResultTime } from './format';
import { COLORS, PAPER_SIZES, type Paper, type ReportLayout, type ReportOp, type Rgb, shortResultId } from './layout';
import type { QuestionnaireReportModel } from './questionnaire-model';
import { answerText, QUESTIONNAIRE_LABELS as QL, QUESTIONNAIRE_TEXT as QT } from './questionnaire-texts';
import { type Measurer, toReportText, wrapText } from './text';
import { REPORT_LABELS as L, REPORT_TEXT as T } from './texts';

/*
 * The questionnaire document, laid out as the result report is (layout.ts): the same page, header
 * band, type sizes, colours, details rows, table and foot, drawn by the same back ends from a list
 * of operations.
 */

export interface QuestionnaireLayoutOptions {
  paper?: Paper;
  measurer: Measurer;
}

const MARGIN = 44;
const HEADER_H = 48;
const CONT_HEADER_H = 30;
const GAP = 12;
const BODY = 9.5;
const SMALL = 8.5;
const LABEL = 8;
const HEADING = 10.5;
const DISCLAIMER = 8;
const ROW_PAD = 3;
const DETAIL_LH = 11.6;
const CAP = 0.72;
const lineHeight = (size: number) => Math.round(size * 1.3 * 10) / 10;
const centred = (top: number, h: number, size: number) => top + h / 2 + (size * CAP) / 2;

export function layoutQuestionnaire(
  model: QuestionnaireReportModel,
  options: QuestionnaireLayoutOptions,
): ReportLayout {
  const paper = options.paper ?? 'letter';
  const { width: W, height: H } = PAPER_SIZES[paper];
  const m = options.measurer;
  const contentW = W - 2 * MARGIN;
  const left = MARGIN;
  const right = W - MARGIN;
  const date = formatResultDate(model.answeredAt);
  const time = formatResultTime(model.answeredAt);
  const name = toReportText(model.playerName);

  const pages: ReportOp[][] = [];
  let ops: ReportOp[] = [];
  let y = 0;

  const width = (value: string, size: number, bold = false) => m.width(value, size, bold);
  type TextStyle = {
    size: number;
    bold?: boolean;
    color?: Rgb;
    align?: 'left' | 'center' | 'right';
    maxWidth?: number;
  };
  const text = (x: number, baseline: number, value: string, style: TextStyle) => {
    const t = toReportText(value);
    const bold = style.bold ?? false;
    ops.push({
      kind: 'text',
      x,
      y: baseline,
      text: t,
      size: style.size,
      bold,
      color: style.color ?? COLORS.ink,
      align: style.align ?? 'left',
      maxWidth: style.maxWidth ?? Math.ceil(width(t, style.size, bold) + 2),
    });
  };
  const fitLine = (value: string, maxWidth: number, size: number, bold = false) => {
    let t = toReportText(value);
    if (width(t, size, bold) <= maxWidth) return t;
    while (t.length > 1 && width(`${t}...`, size, bold) > maxWidth) t = t.slice(0, -1);
    return `${t.trimEnd()}...`;
  };
  const wrap = (value: string, maxWidth: number, size: number, bold = false) =>
    wrapText(toReportText(value), maxWidth, size, bold, m);
  const paragraph = (x: number, top: number, lines: string[], style: TextStyle & { lh?: number }) => {
    const lh = style.lh ?? lineHeight(style.size);
    lines.forEach((line, i) => {
      text(x, centred(top + i * lh, lh, style.size), line, style);
    });
    return lines.length * lh;
  };
  const hline = (x1: number, x2: number, at: number, color: Rgb = COLORS.line, w = 0.75) =>
    ops.push({ kind: 'line', x1, y1: at, x2, y2: at, color, width: w });
  const HEADING_H = HEADING + 11;
  const heading = (x: number, top: number, label: string, w: number) => {
    text(x, top + HEADING * CAP + 1, label, { size: HEADING, bold: true, color: COLORS.tealDark, maxWidth: w });
    hline(x, x + w, top + HEADING + 5);
    return HEADING_H;
  };

  // The foot of every page, as on the result report: the disclaimer, a rule, the product line,
  // who and when, and the page number.
  const disclaimerLines = wrap(T.disclaimer, contentW - 10, DISCLAIMER);
  const disclaimerH = disclaimerLines.length * lineHeight(DISCLAIMER) + 4;
  const footRule = H - 34;
  const disclaimerTop = footRule - 10 - disclaimerH;
  const bottom = disclaimerTop - GAP;
  const footer = (page: number, pageCount: number) => {
    ops.push({ kind: 'rect', x: left, y: disclaimerTop, w: 3, h: disclaimerH, fill: COLORS.line });
    paragraph(left + 10, disclaimerTop + 2, disclaimerLines, {
      size: DISCLAIMER,
      color: COLORS.ink,
      maxWidth: contentW - 10,
    });
    hline(left, right, footRule);
    const base = footRule + 16;
    text(left, base, T.poweredBy, { size: LABEL, bold: true, color: COLORS.teal });
    const centre = contentW - 220;
    const suffix = ` - ${date} - ${shortResultId(model.resultId)}`;
    text(W / 2, base, `${fitLine(name, centre - width(suffix, LABEL), LABEL)}${suffix}`, {
      size: LABEL,
      color: COLORS.muted,
      align: 'center',
      maxWidth: centre,
    });
    text(right, base, L.page(page, pageCount), { size: LABEL, color: COLORS.muted, align: 'right' });
  };

  const firstHeader = () => {
    ops.push({ kind: 'rect', x: 0, y: 0, w: W, h: HEADER_H, fill: COLORS.teal });
    ops.push({ kind: 'rect', x: 0, y: HEADER_H, w: W, h: 3, fill: COLORS.tealDark });
    text(left, 25, 'Scentry', { size: 20, bold: true, color: COLORS.white });
    text(left, 39, QT.title, { size: 10, color: COLORS.tealLight });
    text(right, 23, T.product, { size: 10, bold: true, color: COLORS.white, align: 'right' });
    text(right, 36, T.regulatory, { size: 7.5, color: COLORS.tealLight, align: 'right' });
    y = HEADER_H + 3 + GAP + 2;
  };
  const continuationHeader = () => {
    ops.push({ kind: 'rect', x: 0, y: 0, w: W, h: CONT_HEADER_H, fill: COLORS.teal });
    text(left, 20, 'Scentry', { size: 13, bold: true, color: COLORS.white });
    const prefix = `${QT.title} - `;
    const suffix = ` - ${date}`;
    const room = contentW - 90;
    const who = `${prefix}${fitLine(name, room - width(prefix + suffix, SMALL), SMALL)}${suffix}`;
    text(right, 19, who, { size: SMALL, color: COLORS.tealLight, align: 'right', maxWidth: room });
    y = CONT_HEADER_H + GAP + 2;
  };
  const newPage = () => {
    ops = [];
    pages.push(ops);
    if (pages.length === 1) firstHeader();
    else continuationHeader();
  };
  const ensure = (h: number) => {
    if (y + h > bottom) newPage();
  };

  newPage();

  // What this is, in a tinted band where the result report has its status.
  {
    const pad = 12;
    const introLines = wrap(QT.intro, contentW - 2 * pad, BODY);
    const h = 2 * pad + 16 + introLines.length * lineHeight(BODY);
    ops.push({
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
    text(left + pad, y + pad + 13 * CAP, QT.heading, { size: 13, bold: true, color: COLORS.tealDark });
    paragraph(left + pad, y + pad + 16, introLines, { size: BODY, maxWidth: contentW - 2 * pad });
    y += h + GAP;
  }

  // Who and when: two columns of label / value rows.
  {
    const colGap = 24;
    const leftW = Math.round((contentW - colGap) * 0.54);
    const rightW = contentW - colGap - leftW;
    const labelW = 84;
    type Row = { label: string; lines: string[]; muted: boolean; bold: boolean };
    const row = (label: string, value: string | null, valueW: number, bold = false): Row => ({
      label,
      lines: wrap(value ?? T.notGiven, valueW, BODY, bold),
      muted: value === null,
      bold,
    });
    const lv = leftW - labelW;
    const rv = rightW - labelW;
    const leftRows: Row[] = [
      row(L.name, model.playerName, lv, true),
      row(L.kit, model.kitName, lv),
      row(L.resultId, shortResultId(model.resultId), lv),
    ];
    const rightRows: Row[] = [row(L.date, date, rv), row(L.time, time, rv)];
    const rowH = (r: Row) => r.lines.length * DETAIL_LH + 2 * ROW_PAD + 1;
    const columnH = (rows: Row[]) => rows.reduce((sum, r) => sum + rowH(r), 0);
    ensure(HEADING_H + Math.max(columnH(leftRows), columnH(rightRows)));
    const drawRow = (x: number, w: number, at: number, r: Row) => {
      text(x, centred(at + ROW_PAD, DETAIL_LH, BODY), r.label, {
        size: LABEL,
        color: COLORS.muted,
        maxWidth: labelW - 6,
      });
      paragraph(x + labelW, at + ROW_PAD, r.lines, {
        size: BODY,
        lh: DETAIL_LH,
        bold: r.bold,
        color: r.muted ? COLORS.muted : COLORS.ink,
        maxWidth: w - labelW,
      });
      const end = at + rowH(r);
      hline(x, x + w, end, COLORS.hairline, 0.5);
      return end;
    };
    const top = y;
    const column = (x: number, w: number, title: string, rows: Row[]) => {
      let at = top + heading(x, top, title, w);
      for (const r of rows) at = drawRow(x, w, at, r);
      return at;
    };
    y = Math.max(column(left, leftW, QL.player, leftRows), column(right - rightW, rightW, QL.answered, rightRows));
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
      const lines = wrap(a.question, questionW, BODY);
      return {
        position: i + 1,
        lines,
        answer: answerText(a.answer),
        h: Math.max(pillH + 4 * ROW_PAD, lines.length * lh + 4 * ROW_PAD),
      };
    });
    const tableHeader = () => {
      ops.push({ kind: 'rect', x: left, y, w: contentW, h: headerH, fill: COLORS.tealTint });
      const base = centred(y, headerH, LABEL);
      const style = { size: LABEL, bold: true, color: COLORS.tealDark };
      text(xNum + pad, base, QL.number, style);
      text(xQuestion + pad, base, QL.question, style);
      text(xAnswer + pad, base, QL.answer, style);
      y += headerH;
    };
    ensure(HEADING_H + headerH + (rows[0]?.h ?? 0));
    y += heading(left, y, QL.questions, contentW);
    tableHeader();
    rows.forEach(({ position, lines, answer, h }, i) => {
      if (y + h > bottom) {
        newPage();
        tableHeader();
      }
      const top = y;
      const middle = top + h / 2;
      if (i % 2 === 1) ops.push({ kind: 'rect', x: left, y: top, w: contentW, h, fill: COLORS.zebra });
      text(xNum + pad, centred(top, h, BODY), String(position), { size: BODY, bold: true, color: COLORS.muted });
      paragraph(xQuestion + pad, middle - (lines.length * lh) / 2, lines, { size: BODY, maxWidth: questionW });
      const yes = answer === 'Yes';
      const known = yes || answer === 'No';
      const w = known ? pillW : Math.min(colAnswer - pad, width(answer, BODY, true) + 12);
      ops.push({
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
    const note = wrap(QT.note, contentW, SMALL);
    ensure(note.length * lineHeight(SMALL) + 6);
    y += 6;
    y += paragraph(left, y, note, { size: SMALL, color: COLORS.muted, maxWidth: contentW });
  }

  pages.forEach((page, i) => {
    ops = page;
    footer(i + 1, pages.length);
  });

  return { paper, width: W, height: H, pages };
}
