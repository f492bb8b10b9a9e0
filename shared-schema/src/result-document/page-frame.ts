import type { Translate } from '../i18n/catalogue';
import { shortResultId } from '../results/rules';
import type { ReportFonts } from './fonts';
import { isolate, type Measurer, toReportText, wrapText } from './text';
import { REPORT_BRAND } from './texts';

/*
 * What the result report (layout.ts) and the questionnaire (questionnaire-layout.ts) share: the
 * operations they are drawn as, the colours and type sizes, the drawing helpers, the details rows
 * and the page furniture (header band, the disclaimer and foot on every page, page numbers).
 */

/** A colour as 0–255 RGB. */
export type Rgb = readonly [number, number, number];

/** The product's colours (pwa/src/ui/styles.css) and the report's tints of them. */
export const COLORS = {
  teal: [15, 118, 110],
  tealDark: [17, 94, 89],
  tealLight: [204, 251, 241],
  tealTint: [232, 244, 242],
  ink: [31, 41, 55],
  muted: [91, 100, 114],
  line: [217, 226, 225],
  hairline: [230, 236, 235],
  zebra: [248, 251, 250],
  white: [255, 255, 255],
  pass: [21, 128, 61],
  passTint: [236, 253, 243],
  fail: [185, 28, 28],
  failTint: [254, 242, 242],
  warn: [180, 83, 9],
  warnTint: [255, 251, 235],
  warnLine: [245, 208, 138],
  placeholder: [238, 242, 241],
} as const satisfies Record<string, Rgb>;

/**
 * One drawing operation, in points from the page's top-left corner. Text is already wrapped: `y`
 * is its baseline, `x` its left edge, centre or right edge by `align`; `maxWidth` is the room it
 * has (a back end whose font runs wider squeezes it to fit rather than overflow).
 */
export type ReportOp =
  | {
      kind: 'text';
      x: number;
      y: number;
      text: string;
      size: number;
      bold: boolean;
      color: Rgb;
      align: 'left' | 'center' | 'right';
      maxWidth: number;
      link?: string;
    }
  | {
      kind: 'rect';
      x: number;
      y: number;
      w: number;
      h: number;
      fill?: Rgb;
      stroke?: Rgb;
      lineWidth?: number;
      radius?: number;
    }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; color: Rgb; width: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: Rgb }
  /** A stroked polyline with round caps and joins (the check and cross marks). */
  | { kind: 'path'; points: Array<[number, number]>; color: Rgb; width: number }
  /** A picture from ReportPictures by its URL, drawn to fill the box (the layout keeps its aspect). */
  | { kind: 'image'; x: number; y: number; w: number; h: number; picture: string };

export type Paper = 'letter' | 'a4';

/** Page sizes in points (what jsPDF uses for 'letter' and 'a4'). */
export const PAPER_SIZES: Record<Paper, { width: number; height: number }> = {
  letter: { width: 612, height: 792 },
  a4: { width: 595.28, height: 841.89 },
};

export interface ReportLayout {
  paper: Paper;
  width: number;
  height: number;
  pages: ReportOp[][];
  /** The fonts its text is measured and set in (the back ends draw with them). */
  fonts?: ReportFonts;
}

// The short form of a result id printed on the report: the results list shows and finds the same.
export { shortResultId };

const MARGIN = 44;
const HEADER_H = 48;
const CONT_HEADER_H = 30;
export const GAP = 12;
export const BODY = 9.5;
export const SMALL = 8.5;
export const LABEL = 8;
export const HEADING = 10.5;
const DISCLAIMER = 8;
/** Padding above and below a table row's thumbnail, and a details row's text. */
export const ROW_PAD = 3;
/** Details rows are set a little tighter than running text. */
const DETAIL_LH = 11.6;
/** The label column of a details row. */
export const DETAIL_LABEL_W = 84;

/** The share of the font size that capital letters reach above the baseline (Helvetica's cap height). */
export const CAP = 0.72;
export const lineHeight = (size: number) => Math.round(size * 1.3 * 10) / 10;
/** Baseline that centres a line of text of `size` vertically in a box starting at `top` of height `h`. */
export const centred = (top: number, h: number, size: number) => top + h / 2 + (size * CAP) / 2;
/** The height of a section heading with its rule. */
export const HEADING_H = HEADING + 11;

export type TextStyle = {
  size: number;
  bold?: boolean;
  color?: Rgb;
  align?: 'left' | 'center' | 'right';
  maxWidth?: number;
  link?: string;
};

/**
 * A details row: its label and its value, each wrapped (a long label, as Spanish has, takes a
 * second line rather than running into the value), the value muted when it was not given.
 */
export type DetailRow = { labelLines: string[]; lines: string[]; muted: boolean; bold: boolean };

export interface PageFrameOptions {
  paper?: Paper;
  measurer: Measurer;
  /** The document's messages, in its language. */
  t: Translate;
  /** The document's title: under the product name on the first page, before the name on the others. */
  title: string;
  /** Who, when and which result the document is about, on every page after the first and in the foot. */
  playerName: string;
  date: string;
  resultId: string;
  /** A note on the first page under the header (a script's font was missing); null for none. */
  notice?: string | null;
}

/**
 * The pages of a document: drawing helpers that write to the current page, `newPage` (which draws
 * the header band) and `finish`, which draws the foot of every page once the page count is known.
 */
export function pageFrame(options: PageFrameOptions) {
  const paper = options.paper ?? 'letter';
  const { width: W, height: H } = PAPER_SIZES[paper];
  const m = options.measurer;
  const contentW = W - 2 * MARGIN;
  const left = MARGIN;
  const right = W - MARGIN;
  const { title, date, t: tr } = options;
  const name = toReportText(options.playerName);

  const pages: ReportOp[][] = [];
  let ops: ReportOp[] = [];

  /** Adds an operation to the current page. */
  const push = (op: ReportOp) => ops.push(op);
  const width = (value: string, size: number, bold = false) => m.width(value, size, bold);
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
      ...(style.link ? { link: style.link } : {}),
    });
  };
  /** One line, cut with "..." when it does not fit. */
  const fitLine = (value: string, maxWidth: number, size: number, bold = false) => {
    let t = toReportText(value);
    if (width(t, size, bold) <= maxWidth) return t;
    while (t.length > 1 && width(`${t}...`, size, bold) > maxWidth) t = t.slice(0, -1);
    return `${t.trimEnd()}...`;
  };
  const wrap = (value: string, maxWidth: number, size: number, bold = false) =>
    wrapText(toReportText(value), maxWidth, size, bold, m);
  /** Draws wrapped lines from `top`, one line box of `lh` each; returns the height used. */
  const paragraph = (x: number, top: number, lines: string[], style: TextStyle & { lh?: number }) => {
    const lh = style.lh ?? lineHeight(style.size);
    lines.forEach((line, i) => {
      text(x, centred(top + i * lh, lh, style.size), line, style);
    });
    return lines.length * lh;
  };
  const hline = (x1: number, x2: number, at: number, color: Rgb = COLORS.line, w = 0.75) =>
    ops.push({ kind: 'line', x1, y1: at, x2, y2: at, color, width: w });
  /** A section heading with its rule; returns its height. */
  const heading = (x: number, top: number, label: string, w: number) => {
    text(x, top + HEADING * CAP + 1, label, { size: HEADING, bold: true, color: COLORS.tealDark, maxWidth: w });
    hline(x, x + w, top + HEADING + 5);
    return HEADING_H;
  };

  // Details: label / value rows under a heading, in columns.
  const detailRow = (label: string, value: string | null, valueW: number, bold = false): DetailRow => ({
    labelLines: wrap(label, DETAIL_LABEL_W - 6, LABEL),
    lines: wrap(value ?? tr('report.notGiven'), valueW, BODY, bold),
    muted: value === null,
    bold,
  });
  const detailRowH = (r: DetailRow) => Math.max(r.lines.length, r.labelLines.length) * DETAIL_LH + 2 * ROW_PAD + 1;
  const detailColumnH = (rows: DetailRow[]) => rows.reduce((sum, r) => sum + detailRowH(r), 0);
  /** Draws a row from `at`, `w` wide; returns where it ends. */
  const drawDetailRow = (x: number, w: number, at: number, r: DetailRow) => {
    r.labelLines.forEach((line, i) => {
      text(x, centred(at + ROW_PAD + i * DETAIL_LH, DETAIL_LH, BODY), line, {
        size: LABEL,
        color: COLORS.muted,
        maxWidth: DETAIL_LABEL_W - 6,
      });
    });
    paragraph(x + DETAIL_LABEL_W, at + ROW_PAD, r.lines, {
      size: BODY,
      lh: DETAIL_LH,
      bold: r.bold,
      color: r.muted ? COLORS.muted : COLORS.ink,
      maxWidth: w - DETAIL_LABEL_W,
    });
    const end = at + detailRowH(r);
    hline(x, x + w, end, COLORS.hairline, 0.5);
    return end;
  };
  /** A heading and its rows from `top`; returns where the column ends. */
  const detailColumn = (x: number, top: number, w: number, label: string, rows: DetailRow[]) => {
    let at = top + heading(x, top, label, w);
    for (const r of rows) at = drawDetailRow(x, w, at, r);
    return at;
  };

  // The foot of every page: the disclaimer (so no page travels without it), a rule, the product
  // line, who the document is about and the page number.
  const disclaimerLines = wrap(tr('report.disclaimer'), contentW - 10, DISCLAIMER);
  const disclaimerH = disclaimerLines.length * lineHeight(DISCLAIMER) + 4;
  const footRule = H - 34;
  const disclaimerTop = footRule - 10 - disclaimerH;
  /** Where a page's content has to end. */
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
    const powered = tr('report.poweredBy');
    const pageText = tr('report.page', { page, pages: pageCount });
    text(left, base, powered, { size: LABEL, bold: true, color: COLORS.teal });
    // The centre keeps clear of both ends, however long their words are in the language.
    const side = Math.max(110, width(powered, LABEL, true) + 12, width(pageText, LABEL) + 12);
    const centre = contentW - 2 * side;
    const suffix = ` - ${date} - ${shortResultId(options.resultId)}`;
    text(W / 2, base, `${isolate(fitLine(name, centre - width(suffix, LABEL), LABEL))}${suffix}`, {
      size: LABEL,
      color: COLORS.muted,
      align: 'center',
      maxWidth: centre,
    });
    text(right, base, pageText, { size: LABEL, color: COLORS.muted, align: 'right' });
  };

  /** The header band of the first page; returns where the content starts. */
  const firstHeader = () => {
    ops.push({ kind: 'rect', x: 0, y: 0, w: W, h: HEADER_H, fill: COLORS.teal });
    ops.push({ kind: 'rect', x: 0, y: HEADER_H, w: W, h: 3, fill: COLORS.tealDark });
    text(left, 25, 'Scentry', { size: 20, bold: true, color: COLORS.white });
    text(left, 39, title, { size: 10, color: COLORS.tealLight });
    text(right, 23, REPORT_BRAND.product, { size: 10, bold: true, color: COLORS.white, align: 'right' });
    text(right, 36, REPORT_BRAND.regulatory, { size: 7.5, color: COLORS.tealLight, align: 'right' });
    let top = HEADER_H + 3 + GAP + 2;
    if (options.notice) {
      const lines = wrap(options.notice, contentW - 16, SMALL);
      const h = lines.length * lineHeight(SMALL) + 8;
      ops.push({
        kind: 'rect',
        x: left,
        y: top - 4,
        w: contentW,
        h,
        fill: COLORS.warnTint,
        stroke: COLORS.warnLine,
        lineWidth: 0.75,
        radius: 4,
      });
      paragraph(left + 8, top, lines, { size: SMALL, color: COLORS.warn, maxWidth: contentW - 16 });
      top += h + 4;
    }
    return top;
  };
  /** The narrower band of the other pages; returns where the content starts. */
  const continuationHeader = () => {
    ops.push({ kind: 'rect', x: 0, y: 0, w: W, h: CONT_HEADER_H, fill: COLORS.teal });
    text(left, 20, 'Scentry', { size: 13, bold: true, color: COLORS.white });
    const prefix = `${title} - `;
    const suffix = ` - ${date}`;
    const room = contentW - 90;
    const who = `${prefix}${isolate(fitLine(name, room - width(prefix + suffix, SMALL), SMALL))}${suffix}`;
    text(right, 19, who, { size: SMALL, color: COLORS.tealLight, align: 'right', maxWidth: room });
    return CONT_HEADER_H + GAP + 2;
  };
  /** Starts a page with its header band; returns where its content starts. */
  const newPage = () => {
    ops = [];
    pages.push(ops);
    return pages.length === 1 ? firstHeader() : continuationHeader();
  };
  /** Draws the foot of every page and returns the layout. */
  const finish = (): ReportLayout => {
    pages.forEach((page, i) => {
      ops = page;
      footer(i + 1, pages.length);
    });
    return { paper, width: W, height: H, pages };
  };

  return {
    contentW,
    left,
    right,
    bottom,
    push,
    width,
    text,
    wrap,
    paragraph,
    hline,
    heading,
    detailRow,
    detailRowH,
    detailColumnH,
    drawDetailRow,
    detailColumn,
    newPage,
    finish,
  };
}
