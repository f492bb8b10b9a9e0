import { formatResultDate, formatResultTime, intensityWords, scoreText } from './format';
import type { ReportCard, ReportModel } from './model';
import { qrRuns } from './qr';
import { type Measurer, toReportText, wrapText, wrapUrl } from './text';
import { REPORT_LABELS as L, REPORT_TEXT as T } from './texts';

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
}

export interface LayoutOptions {
  paper?: Paper;
  measurer: Measurer;
  /** Sizes of the pictures that can be drawn, by URL; a card whose picture is absent gets a placeholder box. */
  pictureSizes: ReadonlyMap<string, { width: number; height: number }>;
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
/** The chosen option's picture in the card table (its box; the picture is 4 points smaller). */
const THUMB = 32;
/** Padding above and below a table row's thumbnail, and a details row's text. */
const ROW_PAD = 3;
/** Details rows are set a little tighter than running text. */
const DETAIL_LH = 11.6;

/** The share of the font size that capital letters reach above the baseline (Helvetica's cap height). */
const CAP = 0.72;
const lineHeight = (size: number) => Math.round(size * 1.3 * 10) / 10;
/** Baseline that centres a line of text of `size` vertically in a box starting at `top` of height `h`. */
const centred = (top: number, h: number, size: number) => top + h / 2 + (size * CAP) / 2;

/** The short form of a result id printed on the report. */
export const shortResultId = (id: string) => id.slice(0, 8);

/** A list as "A, B, C"; null is "not given" (the form was not filled), an empty list "None". */
function listText(items: string[] | null): string {
  if (items === null) return T.notGiven;
  return items.length === 0 ? L.none : items.join(', ');
}

/** Lays the report out on pages: the one description both the PDF and the image are drawn from. */
export function layoutReport(model: ReportModel, options: LayoutOptions): ReportLayout {
  const paper = options.paper ?? 'letter';
  const { width: W, height: H } = PAPER_SIZES[paper];
  const m = options.measurer;
  const contentW = W - 2 * MARGIN;
  const left = MARGIN;
  const right = W - MARGIN;
  const passed = model.status === 'Pass';
  const statusColor = passed ? COLORS.pass : COLORS.fail;
  const date = formatResultDate(model.playedAt);
  const time = formatResultTime(model.playedAt);
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
    link?: string;
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
  const HEADING_H = HEADING + 11;
  /** A section heading with its rule; returns its height. */
  const heading = (x: number, top: number, label: string, w: number) => {
    text(x, top + HEADING * CAP + 1, label, { size: HEADING, bold: true, color: COLORS.tealDark, maxWidth: w });
    hline(x, x + w, top + HEADING + 5);
    return HEADING_H;
  };
  /** A check (right) or cross (wrong) in a filled circle. */
  const mark = (cx: number, cy: number, r: number, right: boolean, color: Rgb) => {
    ops.push({ kind: 'circle', cx, cy, r, fill: color });
    const s = r * 0.45;
    const stroke = Math.max(1.2, r * 0.22);
    const path = (points: Array<[number, number]>) =>
      ops.push({ kind: 'path', points, color: COLORS.white, width: stroke });
    if (right)
      path([
        [cx - s * 1.05, cy + s * 0.05],
        [cx - s * 0.3, cy + s * 0.8],
        [cx + s * 1.1, cy - s * 0.75],
      ]);
    else {
      path([
        [cx - s * 0.8, cy - s * 0.8],
        [cx + s * 0.8, cy + s * 0.8],
      ]);
      path([
        [cx - s * 0.8, cy + s * 0.8],
        [cx + s * 0.8, cy - s * 0.8],
      ]);
    }
  };

  // The foot of every page: the disclaimer (so no page travels without it), a rule, the product
  // line, who the report is about and the page number. Drawn last, once the page count is known.
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
    text(left, 39, T.title, { size: 10, color: COLORS.tealLight });
    text(right, 23, T.product, { size: 10, bold: true, color: COLORS.white, align: 'right' });
    text(right, 36, T.regulatory, { size: 7.5, color: COLORS.tealLight, align: 'right' });
    y = HEADER_H + 3 + GAP + 2;
  };
  const continuationHeader = () => {
    ops.push({ kind: 'rect', x: 0, y: 0, w: W, h: CONT_HEADER_H, fill: COLORS.teal });
    text(left, 20, 'Scentry', { size: 13, bold: true, color: COLORS.white });
    const prefix = `${T.title} - `;
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
  /** Starts a new page unless `h` more points fit on this one. */
  const ensure = (h: number) => {
    if (y + h > bottom) newPage();
  };

  newPage();

  // Status: colour, mark and word, so it reads the same printed in black and white.
  {
    const h = 48;
    const top = y;
    const tint = passed ? COLORS.passTint : COLORS.failTint;
    ops.push({
      kind: 'rect',
      x: left,
      y: top,
      w: contentW,
      h,
      fill: tint,
      stroke: statusColor,
      lineWidth: 1.25,
      radius: 6,
    });
    mark(left + 26, top + h / 2, 13, passed, statusColor);
    const word = passed ? L.pass : L.fail;
    text(left + 47, centred(top, h, 24), word, { size: 24, bold: true, color: statusColor });
    const divider = left + 47 + width(word, 24, true) + 16;
    ops.push({ kind: 'line', x1: divider, y1: top + 10, x2: divider, y2: top + h - 10, color: COLORS.line, width: 1 });
    text(divider + 16, top + 19, L.statusHeading, { size: LABEL, color: COLORS.muted });
    text(divider + 16, top + 35, L.score(model.rightAnswerCount, model.cardCount), {
      size: 13,
      bold: true,
      maxWidth: right - 90 - divider - 16,
    });
    text(right - 16, top + 19, L.scoreLabel, { size: LABEL, color: COLORS.muted, align: 'right' });
    text(right - 16, top + 37, scoreText(model.rightAnswerCount, model.cardCount), {
      size: 18,
      bold: true,
      align: 'right',
    });
    y = top + h + GAP;
  }

  // Details: two columns of label / value rows (the health column the wider: its lists are the
  // longest values), the provider on a row of its own across both.
  {
    const colGap = 24;
    const leftW = Math.round((contentW - colGap) * 0.46);
    const rightW = contentW - colGap - leftW;
    const labelW = 84;
    type Row = { label: string; lines: string[]; muted: boolean; bold: boolean };
    const row = (label: string, value: string | null, valueW: number, bold = false): Row => ({
      label,
      lines: wrap(value ?? T.notGiven, valueW, BODY, bold),
      muted: value === null,
      bold,
    });
    const listRow = (label: string, items: string[] | null): Row => ({
      ...row(label, listText(items), rightW - labelW),
      muted: items === null,
    });
    const lv = leftW - labelW;
    const rv = rightW - labelW;
    const leftRows: Row[] = [
      row(L.name, model.playerName, lv, true),
      row(L.date, date, lv),
      row(L.time, time, lv),
      row(L.kit, model.kitName, lv),
      row(L.resultId, shortResultId(model.resultId), lv),
    ];
    const rightRows: Row[] = [
      row(L.age, model.age === null ? null : String(model.age), rv),
      row(L.gender, model.gender, rv),
      row(L.race, model.race, rv),
      listRow(L.disorders, model.disorders),
      listRow(L.familyHistory, model.familyHistory),
    ];
    const p = model.provider;
    const provider = p
      ? row(
          L.provider,
          [p.name, p.address, p.phone].filter((v): v is string => !!v).join(' \u00b7 '),
          contentW - labelW,
        )
      : null;
    const rowH = (r: Row) => r.lines.length * DETAIL_LH + 2 * ROW_PAD + 1;
    const columnH = (rows: Row[]) => rows.reduce((sum, r) => sum + rowH(r), 0);
    ensure(HEADING_H + Math.max(columnH(leftRows), columnH(rightRows)) + (provider ? rowH(provider) : 0));
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
    y = Math.max(column(left, leftW, L.screening, leftRows), column(right - rightW, rightW, L.health, rightRows));
    if (provider) y = drawRow(left, contentW, y, provider);
    y += GAP;
  }

  // The cards: the player's choice and whether it was right, never the right answer.
  {
    const colNum = 24;
    const colOutcome = 88;
    const colIntensity = 92;
    const flex = contentW - colNum - colOutcome - colIntensity;
    const colCard = Math.round(flex * 0.42);
    const xNum = left;
    const xCard = xNum + colNum;
    const xChoice = xCard + colCard;
    const xIntensity = right - colIntensity;
    const xOutcome = xIntensity - colOutcome;
    const pad = 8;
    const headerH = 18;
    const lh = lineHeight(BODY);
    const choiceX = xChoice + pad + THUMB + 8;
    const cardW = colCard - 2 * pad;
    const choiceW = xOutcome - choiceX - pad;
    const rows = model.cards.map((card) => {
      const cardLines = wrap(card.cardName, cardW, BODY, true);
      const choiceLines = wrap(card.choiceName, choiceW, BODY);
      const textH = Math.max(cardLines.length, choiceLines.length) * lh + 4 * ROW_PAD;
      return { card, cardLines, choiceLines, h: Math.max(THUMB + 2 * ROW_PAD, textH) };
    });
    const tableHeader = () => {
      ops.push({ kind: 'rect', x: left, y, w: contentW, h: headerH, fill: COLORS.tealTint });
      const base = centred(y, headerH, LABEL);
      const style = { size: LABEL, bold: true, color: COLORS.tealDark };
      text(xNum + pad, base, L.cardNumber, style);
      text(xCard + pad, base, L.card, style);
      text(xChoice + pad, base, L.choice, style);
      text(xOutcome + pad, base, L.outcome, style);
      text(xIntensity + pad, base, L.intensity, style);
      y += headerH;
    };
    ensure(HEADING_H + headerH + (rows[0]?.h ?? 0));
    y += heading(left, y, L.cards, contentW);
    tableHeader();
    rows.forEach(({ card, cardLines, choiceLines, h }, i) => {
      if (y + h > bottom) {
        newPage();
        tableHeader();
      }
      const top = y;
      const middle = top + h / 2;
      if (i % 2 === 1) ops.push({ kind: 'rect', x: left, y: top, w: contentW, h, fill: COLORS.zebra });
      text(xNum + pad, centred(top, h, BODY), String(card.position), { size: BODY, bold: true, color: COLORS.muted });
      paragraph(xCard + pad, middle - (cardLines.length * lh) / 2, cardLines, {
        size: BODY,
        bold: true,
        maxWidth: cardW,
      });
      drawThumb(card, xChoice + pad, middle - THUMB / 2);
      paragraph(choiceX, middle - (choiceLines.length * lh) / 2, choiceLines, { size: BODY, maxWidth: choiceW });
      const color = card.right ? COLORS.pass : COLORS.fail;
      mark(xOutcome + pad + 7, middle, 7, card.right, color);
      text(xOutcome + pad + 20, centred(top, h, BODY), card.right ? L.right : L.wrong, {
        size: BODY,
        bold: true,
        color,
      });
      // Intensity in words, with a five-step meter under them.
      const level = Math.max(0, Math.min(5, Math.round(card.intensity)));
      text(xIntensity + pad, middle - 1.5, intensityWords(card.intensity), {
        size: BODY,
        maxWidth: colIntensity - pad,
      });
      for (let step = 0; step < 5; step++) {
        ops.push({
          kind: 'rect',
          x: xIntensity + pad + step * 11,
          y: middle + 4,
          w: 9,
          h: 3.5,
          fill: step < level ? COLORS.teal : COLORS.line,
          radius: 1,
        });
      }
      y = top + h;
      hline(left, right, y, COLORS.hairline, 0.5);
    });
    const note = wrap(T.cardsNote, contentW, SMALL);
    ensure(note.length * lineHeight(SMALL) + 3);
    y += 3;
    y += paragraph(left, y, note, { size: SMALL, color: COLORS.muted, maxWidth: contentW });
    y += GAP;
  }

  function drawThumb(card: ReportCard, x: number, top: number) {
    const size = card.picture ? options.pictureSizes.get(card.picture) : undefined;
    ops.push({
      kind: 'rect',
      x,
      y: top,
      w: THUMB,
      h: THUMB,
      fill: COLORS.white,
      stroke: COLORS.line,
      lineWidth: 0.75,
      radius: 4,
    });
    if (!card.picture || !size) {
      ops.push({ kind: 'rect', x: x + 3, y: top + 3, w: THUMB - 6, h: THUMB - 6, fill: COLORS.placeholder, radius: 3 });
      return;
    }
    const box = THUMB - 4;
    const scale = Math.min(box / size.width, box / size.height);
    const w = size.width * scale;
    const h = size.height * scale;
    ops.push({ kind: 'image', x: x + (THUMB - w) / 2, y: top + (THUMB - h) / 2, w, h, picture: card.picture });
  }

  /*
   * The closing part: what the screening means, after a Fail the advice, and how to check the
   * report (QR code and link). Side by side when they fit on the page, the verify box on the
   * right; otherwise one below the other, each moving to the next page on its own.
   */
  {
    const boxPad = 10;
    const linkSize = 7.5;
    const qr = qrRuns(model.verifyUrl);
    const quiet = 2;
    // A whole number of half points per module: crisp at the image's 2x scale.
    const moduleSize = Math.max(1.5, Math.floor((80 * 2) / (qr.size + 2 * quiet)) / 2);
    const qrSide = moduleSize * (qr.size + 2 * quiet);

    const aboutLines = (w: number) => wrap(T.explanation, w, BODY);
    const aboutH = (w: number) => HEADING_H + aboutLines(w).length * lineHeight(BODY);
    const adviceLines = (w: number) => wrap(T.failAdvice, w - 2 * boxPad - 4, BODY);
    const adviceH = (w: number) => (passed ? 0 : 2 * boxPad + HEADING + 6 + adviceLines(w).length * lineHeight(BODY));
    const drawAbout = (x: number, top: number, w: number) => {
      paragraph(x, top + heading(x, top, L.about, w), aboutLines(w), { size: BODY, maxWidth: w });
      return aboutH(w);
    };
    const drawAdvice = (x: number, top: number, w: number) => {
      const h = adviceH(w);
      ops.push({
        kind: 'rect',
        x,
        y: top,
        w,
        h,
        fill: COLORS.warnTint,
        stroke: COLORS.warnLine,
        lineWidth: 1,
        radius: 6,
      });
      text(x + boxPad + 2, top + boxPad + HEADING * CAP + 1, L.advice, {
        size: HEADING,
        bold: true,
        color: COLORS.warn,
      });
      paragraph(x + boxPad + 2, top + boxPad + HEADING + 6, adviceLines(w), {
        size: BODY,
        maxWidth: w - 2 * boxPad - 4,
      });
      return h;
    };
    const drawQr = (x: number, top: number) => {
      const qx = Math.round(x * 2) / 2;
      const qy = Math.round(top * 2) / 2;
      ops.push({ kind: 'rect', x: qx, y: qy, w: qrSide, h: qrSide, fill: COLORS.white });
      for (const run of qr.runs) {
        ops.push({
          kind: 'rect',
          x: qx + (quiet + run.col) * moduleSize,
          y: qy + (quiet + run.row) * moduleSize,
          w: run.length * moduleSize,
          h: moduleSize,
          fill: COLORS.ink,
        });
      }
    };
    const verifyHeading = (x: number, top: number, w: number, align: 'left' | 'center') => {
      text(align === 'center' ? x + w / 2 : x, top + HEADING * CAP + 1, T.verify, {
        size: HEADING,
        bold: true,
        color: COLORS.tealDark,
        align,
        maxWidth: w,
      });
      return HEADING + 8;
    };
    const hintLines = (w: number) => wrap(L.verifyHint, w, SMALL);
    const linkLines = (w: number) => wrapUrl(model.verifyUrl, w, linkSize, m);
    const linkBlockH = (w: number) =>
      hintLines(w).length * lineHeight(SMALL) + 3 + linkLines(w).length * lineHeight(linkSize);
    /** The hint and the printed link, from `x` or centred in `w`; returns the height. */
    const drawLink = (x: number, top: number, w: number, align: 'left' | 'center') => {
      const ax = align === 'center' ? x + w / 2 : x;
      const at = top + paragraph(ax, top, hintLines(w), { size: SMALL, color: COLORS.muted, maxWidth: w, align });
      paragraph(ax, at + 3, linkLines(w), {
        size: linkSize,
        bold: true,
        color: COLORS.tealDark,
        maxWidth: w,
        link: model.verifyUrl,
        align,
      });
      return linkBlockH(w);
    };
    const verifyBox = (x: number, top: number, w: number, h: number) =>
      ops.push({ kind: 'rect', x, y: top, w, h, fill: COLORS.zebra, stroke: COLORS.line, lineWidth: 0.75, radius: 6 });

    const colGap = 18;
    const verifyW = 184;
    const textW = contentW - verifyW - colGap;
    const innerW = verifyW - 2 * boxPad;
    const verifyH = 2 * boxPad + HEADING + 8 + qrSide + 6 + linkBlockH(innerW);
    const leftH = aboutH(textW) + (passed ? 0 : GAP + adviceH(textW));

    if (y + Math.max(leftH, verifyH) <= bottom) {
      const top = y;
      const at = top + drawAbout(left, top, textW);
      if (!passed) drawAdvice(left, at + GAP, textW);
      // The verify box as tall as the left column when that is the taller, its content centred.
      const boxH = Math.max(leftH, verifyH);
      const vx = right - verifyW;
      verifyBox(vx, top, verifyW, boxH);
      const contentTop = top + boxPad + (boxH - verifyH) / 2;
      const qrTop = contentTop + verifyHeading(vx + boxPad, contentTop, innerW, 'center');
      drawQr(vx + (verifyW - qrSide) / 2, qrTop);
      drawLink(vx + boxPad, qrTop + qrSide + 6, innerW, 'center');
      y = top + Math.max(leftH, verifyH);
    } else {
      ensure(aboutH(contentW));
      y += drawAbout(left, y, contentW) + GAP;
      if (!passed) {
        ensure(adviceH(contentW));
        y += drawAdvice(left, y, contentW) + GAP;
      }
      const tw = contentW - 3 * boxPad - qrSide - 6;
      const textH = HEADING + 8 + linkBlockH(tw);
      const h = 2 * boxPad + Math.max(qrSide, textH);
      ensure(h);
      verifyBox(left, y, contentW, h);
      drawQr(left + boxPad, y + (h - qrSide) / 2);
      const tx = left + 2 * boxPad + qrSide + 6;
      const ty = y + (h - textH) / 2;
      drawLink(tx, ty + verifyHeading(tx, ty, tw, 'left'), tw, 'left');
      y += h;
    }
  }

  pages.forEach((page, i) => {
    ops = page;
    footer(i + 1, pages.length);
  });

  return { paper, width: W, height: H, pages };
}
