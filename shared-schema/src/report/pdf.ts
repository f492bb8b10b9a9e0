import type { jsPDF } from 'jspdf';
import type { JsPdfClass } from './jspdf';
import { COLORS, layoutReport, type Paper, type ReportLayout, type ReportOp, type Rgb } from './layout';
import { jsPdfMeasurer } from './measure';
import type { ReportModel, ReportPictures } from './model';
import { pngSize } from './png';
import { toReportText } from './text';
import { REPORT_TEXT } from './texts';

/** Sizes of the pictures that are PNGs (anything else is drawn as a placeholder). */
export function pictureSizes(pictures: ReportPictures): Map<string, { width: number; height: number }> {
  const sizes = new Map<string, { width: number; height: number }>();
  for (const [url, bytes] of pictures) {
    const size = pngSize(bytes);
    if (size) sizes.set(url, size);
  }
  return sizes;
}

const newDoc = (JsPdf: JsPdfClass, paper: Paper) =>
  new JsPdf({ unit: 'pt', format: paper, orientation: 'portrait', compress: true, putOnlyUsedFonts: true });

/** Lays the report out with a jsPDF instance's Helvetica metrics (also used by the image back end). */
export function layoutWithPdfMetrics(
  JsPdf: JsPdfClass,
  model: ReportModel,
  pictures: ReportPictures,
  paper: Paper = 'letter',
): ReportLayout {
  return layoutReport(model, {
    paper,
    measurer: jsPdfMeasurer(newDoc(JsPdf, paper)),
    pictureSizes: pictureSizes(pictures),
  });
}

const fill = (doc: jsPDF, c: Rgb) => doc.setFillColor(c[0], c[1], c[2]);
const stroke = (doc: jsPDF, c: Rgb) => doc.setDrawColor(c[0], c[1], c[2]);

function drawOp(doc: jsPDF, op: ReportOp, pictures: ReportPictures): void {
  switch (op.kind) {
    case 'text': {
      doc.setFont('helvetica', op.bold ? 'bold' : 'normal');
      doc.setFontSize(op.size);
      doc.setTextColor(op.color[0], op.color[1], op.color[2]);
      doc.text(op.text, op.x, op.y, { align: op.align, baseline: 'alphabetic' });
      if (op.link) {
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

/** Draws a laid-out report as a PDF: real text in Helvetica, vector shapes and QR, embedded PNGs. */
export function drawPdf(
  JsPdf: JsPdfClass,
  layout: ReportLayout,
  pictures: ReportPictures,
  title: string,
  subject: string = REPORT_TEXT.title,
): Uint8Array {
  const doc = newDoc(JsPdf, layout.paper);
  doc.setProperties({ title, subject, author: 'Scentry', creator: 'Scentry' });
  doc.setLanguage('en-US');
  layout.pages.forEach((ops, i) => {
    if (i > 0) doc.addPage(layout.paper, 'portrait');
    for (const op of ops) drawOp(doc, op, pictures);
  });
  return new Uint8Array(doc.output('arraybuffer'));
}

export function renderPdfBytes(
  JsPdf: JsPdfClass,
  model: ReportModel,
  pictures: ReportPictures,
  paper: Paper = 'letter',
): Uint8Array {
  const layout = layoutWithPdfMetrics(JsPdf, model, pictures, paper);
  return drawPdf(JsPdf, layout, pictures, `Scentry - ${REPORT_TEXT.title} - ${toReportText(model.playerName)}`);
}
