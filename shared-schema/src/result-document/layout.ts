import { formatResultDate, formatResultTime, intensityWords, scoreText } from './format';
import type { ReportCard, ReportModel } from './model';
import {
  BODY,
  CAP,
  COLORS,
  centred,
  DETAIL_LABEL_W,
  type DetailRow,
  GAP,
  HEADING,
  HEADING_H,
  LABEL,
  lineHeight,
  type Paper,
  pageFrame,
  type ReportLayout,
  type Rgb,
  ROW_PAD,
  SMALL,
  shortResultId,
} from './page-frame';
import { qrRuns } from './qr';
import { localizedReportModel } from './record-values';
import { isolate, type Measurer, wrapUrl } from './text';
import type { ReportLanguage } from './texts';

export {
  COLORS,
  PAPER_SIZES,
  type Paper,
  type ReportLayout,
  type ReportOp,
  type Rgb,
  shortResultId,
} from './page-frame';

export interface LayoutOptions extends ReportLanguage {
  paper?: Paper;
  measurer: Measurer;
  /** Sizes of the pictures that can be drawn, by URL; a card whose picture is absent gets a placeholder box. */
  pictureSizes: ReadonlyMap<string, { width: number; height: number }>;
  /** A note on the first page (a script's font was missing). */
  notice?: string | null;
}

/** The chosen option's picture in the card table (its box; the picture is 4 points smaller). */
const THUMB = 32;

/** Lays the report out on pages: the one description both the PDF and the image are drawn from. */
export function layoutReport(source: ReportModel, options: LayoutOptions): ReportLayout {
  const { measurer: m, t, language } = options;
  const model = localizedReportModel(source, t);
  /** A list as "A, B, C"; null is "not given" (the form was not filled), an empty list "None". */
  const listText = (items: string[] | null): string => {
    if (items === null) return t('report.notGiven');
    return items.length === 0 ? t('report.none') : items.join(', ');
  };
  const passed = model.status === 'Pass';
  const statusColor = passed ? COLORS.pass : COLORS.fail;
  const date = formatResultDate(model.playedAt, language);
  const time = formatResultTime(model.playedAt, language);
  const frame = pageFrame({
    paper: options.paper,
    measurer: m,
    t,
    title: t('report.title'),
    playerName: model.playerName,
    date,
    resultId: model.resultId,
    notice: options.notice,
  });
  const { contentW, left, right, bottom, push, width, text, wrap, paragraph, hline, heading } = frame;
  const { detailRow, detailRowH, detailColumnH, drawDetailRow, detailColumn } = frame;

  let y = 0;
  const newPage = () => {
    y = frame.newPage();
  };
  /** Starts a new page unless `h` more points fit on this one. */
  const ensure = (h: number) => {
    if (y + h > bottom) newPage();
  };

  /** A check (right) or cross (wrong) in a filled circle. */
  const mark = (cx: number, cy: number, r: number, right: boolean, color: Rgb) => {
    push({ kind: 'circle', cx, cy, r, fill: color });
    const s = r * 0.45;
    const stroke = Math.max(1.2, r * 0.22);
    const path = (points: Array<[number, number]>) =>
      push({ kind: 'path', points, color: COLORS.white, width: stroke });
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

  newPage();

  // Status: colour, mark and word, so it reads the same printed in black and white.
  {
    const h = 48;
    const top = y;
    const tint = passed ? COLORS.passTint : COLORS.failTint;
    push({
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
    const word = passed ? t('report.pass') : t('report.fail');
    text(left + 47, centred(top, h, 24), word, { size: 24, bold: true, color: statusColor });
    const divider = left + 47 + width(word, 24, true) + 16;
    push({ kind: 'line', x1: divider, y1: top + 10, x2: divider, y2: top + h - 10, color: COLORS.line, width: 1 });
    text(divider + 16, top + 19, t('report.statusHeading'), { size: LABEL, color: COLORS.muted });
    text(divider + 16, top + 35, t('report.score', { right: model.rightAnswerCount, cards: model.cardCount }), {
      size: 13,
      bold: true,
      maxWidth: right - 90 - divider - 16,
    });
    text(right - 16, top + 19, t('report.scoreLabel'), { size: LABEL, color: COLORS.muted, align: 'right' });
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
    const lv = leftW - DETAIL_LABEL_W;
    const rv = rightW - DETAIL_LABEL_W;
    const listRow = (label: string, items: string[] | null): DetailRow => ({
      ...detailRow(label, listText(items), rv),
      muted: items === null,
    });
    const leftRows: DetailRow[] = [
      detailRow(t('report.name'), model.playerName, lv, true),
      detailRow(t('report.date'), date, lv),
      detailRow(t('report.time'), time, lv),
      detailRow(t('report.kit'), model.kitName, lv),
      detailRow(t('report.resultId'), shortResultId(model.resultId), lv),
    ];
    const rightRows: DetailRow[] = [
      detailRow(t('report.age'), model.age === null ? null : String(model.age), rv),
      detailRow(t('report.gender'), model.gender, rv),
      detailRow(t('report.race'), model.race, rv),
      listRow(t('report.disorders'), model.disorders),
      listRow(t('report.familyHistory'), model.familyHistory),
    ];
    const p = model.provider;
    const provider = p
      ? detailRow(
          t('report.provider'),
          [p.name, p.address, p.phone]
            .filter((v): v is string => !!v)
            .map(isolate)
            .join(' \u00b7 '),
          contentW - DETAIL_LABEL_W,
        )
      : null;
    ensure(
      HEADING_H + Math.max(detailColumnH(leftRows), detailColumnH(rightRows)) + (provider ? detailRowH(provider) : 0),
    );
    const top = y;
    y = Math.max(
      detailColumn(left, top, leftW, t('report.screening'), leftRows),
      detailColumn(right - rightW, top, rightW, t('report.health'), rightRows),
    );
    if (provider) y = drawDetailRow(left, contentW, y, provider);
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
      push({ kind: 'rect', x: left, y, w: contentW, h: headerH, fill: COLORS.tealTint });
      const base = centred(y, headerH, LABEL);
      const style = { size: LABEL, bold: true, color: COLORS.tealDark };
      text(xNum + pad, base, '#', style);
      text(xCard + pad, base, t('report.card'), style);
      text(xChoice + pad, base, t('report.choice'), style);
      text(xOutcome + pad, base, t('report.outcome'), style);
      text(xIntensity + pad, base, t('report.intensity'), style);
      y += headerH;
    };
    ensure(HEADING_H + headerH + (rows[0]?.h ?? 0));
    y += heading(left, y, t('report.cards'), contentW);
    tableHeader();
    rows.forEach(({ card, cardLines, choiceLines, h }, i) => {
      if (y + h > bottom) {
        newPage();
        tableHeader();
      }
      const top = y;
      const middle = top + h / 2;
      if (i % 2 === 1) push({ kind: 'rect', x: left, y: top, w: contentW, h, fill: COLORS.zebra });
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
      text(xOutcome + pad + 20, centred(top, h, BODY), card.right ? t('report.right') : t('report.wrong'), {
        size: BODY,
        bold: true,
        color,
      });
      // Intensity in words, with a five-step meter under them.
      const level = Math.max(0, Math.min(5, Math.round(card.intensity)));
      text(xIntensity + pad, middle - 1.5, intensityWords(card.intensity, t), {
        size: BODY,
        maxWidth: colIntensity - pad,
      });
      for (let step = 0; step < 5; step++) {
        push({
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
    const note = wrap(t('report.cardsNote'), contentW, SMALL);
    ensure(note.length * lineHeight(SMALL) + 3);
    y += 3;
    y += paragraph(left, y, note, { size: SMALL, color: COLORS.muted, maxWidth: contentW });
    y += GAP;
  }

  function drawThumb(card: ReportCard, x: number, top: number) {
    const size = card.picture ? options.pictureSizes.get(card.picture) : undefined;
    push({
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
      push({ kind: 'rect', x: x + 3, y: top + 3, w: THUMB - 6, h: THUMB - 6, fill: COLORS.placeholder, radius: 3 });
      return;
    }
    const box = THUMB - 4;
    const scale = Math.min(box / size.width, box / size.height);
    const w = size.width * scale;
    const h = size.height * scale;
    push({ kind: 'image', x: x + (THUMB - w) / 2, y: top + (THUMB - h) / 2, w, h, picture: card.picture });
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

    const aboutLines = (w: number) => wrap(t('report.explanation'), w, BODY);
    const aboutH = (w: number) => HEADING_H + aboutLines(w).length * lineHeight(BODY);
    const adviceLines = (w: number) => wrap(t('report.failAdvice'), w - 2 * boxPad - 4, BODY);
    const adviceH = (w: number) => (passed ? 0 : 2 * boxPad + HEADING + 6 + adviceLines(w).length * lineHeight(BODY));
    const drawAbout = (x: number, top: number, w: number) => {
      paragraph(x, top + heading(x, top, t('report.about'), w), aboutLines(w), { size: BODY, maxWidth: w });
      return aboutH(w);
    };
    const drawAdvice = (x: number, top: number, w: number) => {
      const h = adviceH(w);
      push({
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
      text(x + boxPad + 2, top + boxPad + HEADING * CAP + 1, t('report.advice'), {
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
      push({ kind: 'rect', x: qx, y: qy, w: qrSide, h: qrSide, fill: COLORS.white });
      for (const run of qr.runs) {
        push({
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
      text(align === 'center' ? x + w / 2 : x, top + HEADING * CAP + 1, t('report.verify'), {
        size: HEADING,
        bold: true,
        color: COLORS.tealDark,
        align,
        maxWidth: w,
      });
      return HEADING + 8;
    };
    const hintLines = (w: number) => wrap(t('report.verifyHint'), w, SMALL);
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
      push({ kind: 'rect', x, y: top, w, h, fill: COLORS.zebra, stroke: COLORS.line, lineWidth: 0.75, radius: 6 });

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

  return frame.finish();
}
