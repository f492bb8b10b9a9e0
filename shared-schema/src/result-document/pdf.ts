import type { jsPDF } from 'jspdf';
import { type Glyph, type LoadedFont, NO_FONTS, type ReportFonts, runWidth, type TextRun, textRuns } from './fonts';
import type { JsPdfClass } from './jspdf';
import { COLORS, layoutReport, type Paper, type ReportLayout, type ReportOp, type Rgb } from './layout';
import { jsPdfMeasurer } from './measure';
import type { ReportModel, ReportPictures } from './model';
import { pngSize } from './png';
import { playerNameText } from './record-values';
import { toReportText } from './text';
import { PDF_LANGUAGE, type ReportLanguage } from './texts';

/** Sizes of the pictures that are PNGs (anything else is drawn as a placeholder). */
export function pictureSizes(pictures: ReportPictures): Map<string, { width: number; height: number }> {
  const sizes = new Map<string, { width: number; height: number }>();
  for (const [url, bytes] of pictures) {
    const size = pngSize(bytes);
    if (size) sizes.set(url, size);
  }
  return sizes;
}

/**
 * A document. With fonts of other scripts every font is put in the resources: jsPDF counts a font
 * as used only through its own text(), and the shaped runs are written with raw operators (only
 * the fonts the report's texts need are added, so none is there for nothing).
 */
const newDoc = (JsPdf: JsPdfClass, paper: Paper, fonts: ReportFonts = NO_FONTS) =>
  new JsPdf({
    unit: 'pt',
    format: paper,
    orientation: 'portrait',
    compress: true,
    putOnlyUsedFonts: fonts.loaded.size === 0,
  });

/** Lays the report out with the PDF's metrics (also used by the image back end); the layout keeps its fonts. */
export function layoutWithPdfMetrics(
  JsPdf: JsPdfClass,
  model: ReportModel,
  pictures: ReportPictures,
  words: ReportLanguage,
  paper: Paper = 'letter',
  fonts: ReportFonts = NO_FONTS,
): ReportLayout {
  const layout = layoutReport(model, {
    ...words,
    paper,
    measurer: jsPdfMeasurer(newDoc(JsPdf, paper), fonts),
    pictureSizes: pictureSizes(pictures),
    notice: fonts.incomplete ? words.t('report.fontNotice') : null,
  });
  return { ...layout, fonts };
}

/** jsPDF's font name for a script's font. */
const pdfFontName = (key: string) => `ScentryNoto-${key}`;

/** Adds the fonts to the document as Identity-H TrueType fonts: jsPDF embeds the glyphs used. */
function addFonts(doc: jsPDF, fonts: ReportFonts): void {
  for (const font of fonts.loaded.values()) {
    let binary = '';
    for (let i = 0; i < font.bytes.length; i += 0x8000)
      binary += String.fromCharCode(...font.bytes.subarray(i, i + 0x8000));
    doc.addFileToVFS(`${font.key}.ttf`, binary);
    doc.addFont(`${font.key}.ttf`, pdfFontName(font.key), 'normal', 'normal', 'Identity-H');
  }
}

/** A PDF string of UTF-16BE with its byte-order mark (as jsPDF writes a string: one byte a char). */
function utf16(text: string): string {
  let out = '\u00fe\u00ff';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out += String.fromCharCode(c >> 8, c & 0xff);
  }
  return out;
}
const hex16 = (text: string) =>
  [...Array(text.length).keys()].map((i) => text.charCodeAt(i).toString(16).padStart(4, '0')).join('');
const num = (n: number) => String(Math.round(n * 1000) / 1000);

/** jsPDF's TTF font metadata as its utf8 module keeps it: the glyphs to embed, their widths and text. */
interface UsedFontMetadata {
  glyIdsUsed: number[];
  toUnicode: Record<number, number>;
  Unicode: { widths: Array<number | number[]> };
  widthOfGlyph(id: number): number;
}

/**
 * Writes a run's glyphs with raw operators, one positioned glyph at a time (HarfBuzz's offsets
 * place marks), and registers them on the font as jsPDF's own text does (glyIdsUsed, widths,
 * toUnicode), so its subsetter embeds them and copying gives the letters back. A run whose every
 * glyph is one letter maps each in the font's ToUnicode; a run with a cluster that is not (a
 * conjunct, a ligature, a letter with a mark) is one marked-content span whose /ActualText is the
 * run's letters (below). Glyphs are written in display order, so text extraction (pdftotext) puts right-to-left
 * runs back in logical order as it does for any right-to-left PDF. Bold is drawn by stroking the
 * outline too (one weight per script is shipped).
 */
function drawGlyphRun(
  doc: jsPDF,
  run: TextRun,
  font: LoadedFont,
  x: number,
  y: number,
  size: number,
  color: Rgb,
  bold: boolean,
) {
  doc.setFont(pdfFontName(font.key), 'normal');
  const entry = doc.getFont() as unknown as { id: string; metadata: UsedFontMetadata };
  const md = entry.metadata;
  const glyphs = run.glyphs ?? [];
  const text = run.original;
  const k = size / 1000;
  const pageH = doc.internal.pageSize.getHeight();
  const rgb = color.map((c) => num(c / 255)).join(' ');
  const lines = ['q', 'BT', `/${entry.id} ${num(size)} Tf`, `${rgb} rg`];
  if (bold) lines.push(`${rgb} RG`, `${num(size * 0.035)} w`, '2 Tr');
  // Where each cluster's letters end: at the next cluster's start (clusters are UTF-16 indexes).
  const starts = [...new Set(glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
  const letters = (cluster: number) => text.slice(cluster, starts[starts.indexOf(cluster) + 1] ?? text.length);
  // The clusters in drawing order, and whether each is one glyph for one letter.
  const clusters: { glyphs: Glyph[]; chars: string; simple: boolean }[] = [];
  for (let i = 0; i < glyphs.length; ) {
    let j = i;
    while (j < glyphs.length && glyphs[j].cluster === glyphs[i].cluster) j++;
    const cluster = glyphs.slice(i, j);
    const chars = letters(glyphs[i].cluster);
    const id = cluster[0].id;
    const simple =
      cluster.length === 1 && chars.length === 1 && (md.toUnicode[id] ?? chars.charCodeAt(0)) === chars.charCodeAt(0);
    clusters.push({ glyphs: cluster, chars, simple });
    i = j;
  }
  // A run with any cluster that is not one glyph for one letter (a conjunct, a ligature such as
  // Arabic's beh-yeh, a letter with a mark) is one marked-content span whose /ActualText is the
  // whole run's letters: a span per cluster let text extraction split a word where the cluster
  // ended ("العرب ي"). Extraction lays a span's letters out left to right over it and then reads a
  // right-to-left run backwards, as it reads its glyphs; so a right-to-left run's letters are
  // given in display order, and come back in logical order.
  const whole = clusters.some((c) => !c.simple);
  const actual = run.rtl ? [...text].reverse().join('') : text;
  if (whole) lines.push(`/Span <</ActualText <FEFF${hex16(actual)}>>> BDC`);
  let pen = x;
  for (const c of clusters) {
    if (!whole) md.toUnicode[c.glyphs[0].id] = c.chars.charCodeAt(0);
    for (const g of c.glyphs) {
      md.glyIdsUsed.push(g.id);
      if (!md.Unicode.widths.includes(g.id)) md.Unicode.widths.push(g.id, [Math.round(md.widthOfGlyph(g.id))]);
      lines.push(
        `1 0 0 1 ${num(pen + g.dx * k)} ${num(pageH - y + g.dy * k)} Tm <${g.id.toString(16).padStart(4, '0')}> Tj`,
      );
      pen += g.advance * k;
    }
  }
  if (whole) lines.push('EMC');
  lines.push('ET', 'Q');
  (doc.internal as unknown as { write(s: string): void }).write(lines.join('\n'));
}

/** Draws one line: as before for Helvetica only, else run by run from its left edge. */
function drawText(doc: jsPDF, op: Extract<ReportOp, { kind: 'text' }>, fonts: ReportFonts): void {
  doc.setFontSize(op.size);
  doc.setTextColor(op.color[0], op.color[1], op.color[2]);
  const runs = textRuns(op.text, fonts);
  const widthOf = (run: TextRun) => {
    if (run.glyphs) return (runWidth(run.glyphs) / 1000) * op.size;
    doc.setFont('helvetica', op.bold ? 'bold' : 'normal');
    return doc.getStringUnitWidth(run.text) * op.size;
  };
  if (runs.length === 1 && !runs[0].glyphs) {
    doc.setFont('helvetica', op.bold ? 'bold' : 'normal');
    doc.text(runs[0].text, op.x, op.y, { align: op.align, baseline: 'alphabetic' });
    return;
  }
  const widths = runs.map(widthOf);
  const total = widths.reduce((a, b) => a + b, 0);
  const left = op.align === 'left' ? op.x : op.align === 'right' ? op.x - total : op.x - total / 2;
  // Each run's place, in display order; then drawn in reading order: a right-to-left stretch's runs
  // (its words and the spaces between them) last to first, so text read in content order (pdftotext
  // -raw, a screen reader) gets "محمد العربي", not its words backwards.
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const order: number[] = [];
  for (let i = 0; i < runs.length; ) {
    let j = i + 1;
    if (runs[i].rtl) while (j < runs.length && runs[j].rtl) j++;
    for (let k = j - 1; k >= i; k--) order.push(k);
    i = j;
  }
  for (const i of order) {
    const run = runs[i];
    const font = run.glyphs ? fonts.loaded.get(run.font) : undefined;
    if (font) drawGlyphRun(doc, run, font, xs[i], op.y, op.size, op.color, op.bold);
    else {
      doc.setFont('helvetica', op.bold ? 'bold' : 'normal');
      doc.text(run.text, xs[i], op.y, { baseline: 'alphabetic' });
    }
  }
}

const fill = (doc: jsPDF, c: Rgb) => doc.setFillColor(c[0], c[1], c[2]);
const stroke = (doc: jsPDF, c: Rgb) => doc.setDrawColor(c[0], c[1], c[2]);

function drawOp(doc: jsPDF, op: ReportOp, pictures: ReportPictures, fonts: ReportFonts): void {
  switch (op.kind) {
    case 'text': {
      drawText(doc, op, fonts);
      if (op.link) {
        doc.setFont('helvetica', op.bold ? 'bold' : 'normal');
        const w = doc.getStringUnitWidth(op.text) * op.size;
        const x = op.align === 'left' ? op.x : op.align === 'right' ? op.x - w : op.x - w / 2;
        doc.link(x, op.y - op.size * 0.8, w, op.size, { url: op.link });
      }
      return;
    }
    case 'rect': {
      if (op.fill) fill(doc, op.fill);
      if (op.stroke) {
        stroke(doc, op.stroke);
        doc.setLineWidth(op.lineWidth ?? 0.75);
      }
      const style = op.fill && op.stroke ? 'FD' : op.fill ? 'F' : 'S';
      if (op.radius) doc.roundedRect(op.x, op.y, op.w, op.h, op.radius, op.radius, style);
      else doc.rect(op.x, op.y, op.w, op.h, style);
      return;
    }
    case 'line':
      stroke(doc, op.color);
      doc.setLineWidth(op.width);
      doc.line(op.x1, op.y1, op.x2, op.y2);
      return;
    case 'circle':
      fill(doc, op.fill);
      doc.circle(op.cx, op.cy, op.r, 'F');
      return;
    case 'path': {
      stroke(doc, op.color);
      doc.setLineWidth(op.width);
      doc.setLineCap('round');
      doc.setLineJoin('round');
      const [first, ...rest] = op.points;
      let [px, py] = first;
      const deltas = rest.map(([x, y]) => {
        const d: [number, number] = [x - px, y - py];
        px = x;
        py = y;
        return d;
      });
      doc.lines(deltas, first[0], first[1], [1, 1], 'S', false);
      doc.setLineCap('butt');
      doc.setLineJoin('miter');
      return;
    }
    case 'image': {
      const bytes = pictures.get(op.picture);
      try {
        if (!bytes) throw new Error('missing picture');
        // The alias makes a picture chosen on two cards embedded once.
        doc.addImage(bytes, 'PNG', op.x, op.y, op.w, op.h, op.picture, 'FAST');
      } catch {
        fill(doc, COLORS.placeholder);
        doc.rect(op.x, op.y, op.w, op.h, 'F');
      }
      return;
    }
  }
}

/** A laid-out report and the pictures it draws: one part of a document. */
export interface LaidOutReport {
  layout: ReportLayout;
  pictures: ReportPictures;
}

/**
 * Draws laid-out reports as one PDF, each starting on a new page: real text (Helvetica, and each
 * script's embedded subset font), vector shapes and QR, embedded PNGs (one copy of a picture
 * however many reports show it). The parts share their paper and fonts (laid out together). The
 * title (with the player's name, in any script) is a UTF-16 string; the document's language is
 * the reports' (`/Lang`, for screen readers).
 */
export function drawPdfDocument(
  JsPdf: JsPdfClass,
  parts: LaidOutReport[],
  meta: { title: string; subject: string; language: ReportLanguage['language'] },
): Uint8Array {
  if (parts.length === 0) throw new Error('A PDF needs at least one report');
  const { paper } = parts[0].layout;
  const fonts = parts[0].layout.fonts ?? NO_FONTS;
  const doc = newDoc(JsPdf, paper, fonts);
  doc.setProperties({ title: utf16(meta.title), subject: utf16(meta.subject), author: 'Scentry', creator: 'Scentry' });
  doc.setLanguage(PDF_LANGUAGE[meta.language] as Parameters<jsPDF['setLanguage']>[0]);
  addFonts(doc, fonts);
  let first = true;
  for (const { layout, pictures } of parts) {
    for (const ops of layout.pages) {
      if (!first) doc.addPage(paper, 'portrait');
      first = false;
      for (const op of ops) drawOp(doc, op, pictures, fonts);
    }
  }
  return new Uint8Array(doc.output('arraybuffer'));
}

/** Draws one laid-out report as a PDF (drawPdfDocument with one part). */
export function drawPdf(
  JsPdf: JsPdfClass,
  layout: ReportLayout,
  pictures: ReportPictures,
  meta: { title: string; subject: string; language: ReportLanguage['language'] },
): Uint8Array {
  return drawPdfDocument(JsPdf, [{ layout, pictures }], meta);
}

export function renderPdfBytes(
  JsPdf: JsPdfClass,
  model: ReportModel,
  pictures: ReportPictures,
  words: ReportLanguage,
  paper: Paper = 'letter',
  fonts: ReportFonts = NO_FONTS,
): Uint8Array {
  const layout = layoutWithPdfMetrics(JsPdf, model, pictures, words, paper, fonts);
  const title = words.t('report.title');
  return drawPdf(JsPdf, layout, pictures, {
    title: `Scentry - ${title} - ${toReportText(playerNameText(model.playerName, words.t))}`,
    subject: title,
    language: words.language,
  });
}

/**
 * Several results' reports as one PDF, each laid out exactly as its own report (its own page
 * numbers) and starting on a new page, in the order given.
 */
export function renderReportsPdfBytes(
  JsPdf: JsPdfClass,
  reports: { model: ReportModel; pictures: ReportPictures }[],
  words: ReportLanguage,
  paper: Paper = 'letter',
  fonts: ReportFonts = NO_FONTS,
): Uint8Array {
  const parts = reports.map(({ model, pictures }) => ({
    layout: layoutWithPdfMetrics(JsPdf, model, pictures, words, paper, fonts),
    pictures,
  }));
  const title = words.t('report.title');
  return drawPdfDocument(JsPdf, parts, {
    title: `Scentry - ${title} - ${reports.length}`,
    subject: title,
    language: words.language,
  });
}
