import type { ReportFonts, ReportLayout, ReportOp, ReportPictures, Rgb } from '@scentry/shared-schema/result-document';
import { NO_FONTS, runWidth, textRuns } from '@scentry/shared-schema/result-document/fonts';
import { COLORS } from '@scentry/shared-schema/result-document/layout';

/** The canvas's take on Helvetica: Arial and Liberation Sans share its widths, so lines wrap as in the PDF. */
const FONT_STACK = 'Helvetica, Arial, "Liberation Sans", "Helvetica Neue", sans-serif';
/** The family a script's font is registered under (the PDF's font, from the same bytes). */
const family = (key: string) => `"Scentry ${key}"`;

/**
 * The fonts of other scripts the layout was measured with, as FontFaces from the same bytes the
 * PDF embeds: the browser shapes them natively (joining, conjuncts), with the same advances.
 */
async function addFontFaces(fonts: ReportFonts): Promise<void> {
  await Promise.all(
    [...fonts.loaded.values()].map(async (font) => {
      const face = new FontFace(`Scentry ${font.key}`, font.bytes as BufferSource);
      await face.load();
      document.fonts.add(face);
    }),
  );
}

/**
 * A line of text: Helvetica only as one fillText (as before); otherwise run by run in display
 * order, each placed where the PDF places it (the layout's widths: shaped advances for a script's
 * font), right-to-left runs drawn right to left.
 */
function drawText(ctx: CanvasRenderingContext2D, op: Extract<ReportOp, { kind: 'text' }>, fonts: ReportFonts): void {
  const helvetica = `${op.bold ? 'bold ' : ''}${op.size}px ${FONT_STACK}`;
  ctx.fillStyle = css(op.color);
  ctx.textBaseline = 'alphabetic';
  const runs = textRuns(op.text, fonts);
  if (runs.length === 1 && !runs[0].glyphs) {
    ctx.font = helvetica;
    ctx.textAlign = op.align;
    // maxWidth squeezes the line if the fallback font runs wider than Helvetica.
    ctx.fillText(runs[0].text, op.x, op.y, op.maxWidth);
    return;
  }
  const widths = runs.map((run) => {
    if (run.glyphs) return (runWidth(run.glyphs) / 1000) * op.size;
    ctx.font = helvetica;
    return ctx.measureText(run.text).width;
  });
  const total = widths.reduce((a, b) => a + b, 0);
  let x = op.align === 'left' ? op.x : op.align === 'right' ? op.x - total : op.x - total / 2;
  ctx.textAlign = 'left';
  runs.forEach((run, i) => {
    ctx.font = run.glyphs ? `${op.bold ? 'bold ' : ''}${op.size}px ${family(run.font)}, ${FONT_STACK}` : helvetica;
    ctx.direction = run.rtl && run.glyphs ? 'rtl' : 'ltr';
    ctx.fillText(run.glyphs ? run.original : run.text, x, op.y, widths[i] + 0.5);
    x += widths[i];
  });
  ctx.direction = 'ltr';
}
/** Grey between stacked pages. */
const PAGE_GAP = 16;

const css = (c: Rgb) => `rgb(${c[0]} ${c[1]} ${c[2]})`;

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

/** Decodes each picture once; one that does not decode is left out (drawn as a placeholder). */
async function decodePictures(layout: ReportLayout, pictures: ReportPictures): Promise<Map<string, ImageBitmap>> {
  const wanted = new Set<string>();
  for (const page of layout.pages) for (const op of page) if (op.kind === 'image') wanted.add(op.picture);
  const decoded = new Map<string, ImageBitmap>();
  await Promise.all(
    [...wanted].map(async (url) => {
      const bytes = pictures.get(url);
      if (!bytes) return;
      try {
        decoded.set(url, await createImageBitmap(new Blob([bytes as BlobPart], { type: 'image/png' })));
      } catch {
        // A broken picture is a placeholder box, never a broken report.
      }
    }),
  );
  return decoded;
}

function drawOp(
  ctx: CanvasRenderingContext2D,
  op: ReportOp,
  bitmaps: Map<string, ImageBitmap>,
  fonts: ReportFonts,
): void {
  switch (op.kind) {
    case 'text':
      drawText(ctx, op, fonts);
      return;
    case 'rect':
      if (op.radius) roundedRect(ctx, op.x, op.y, op.w, op.h, op.radius);
      else {
        ctx.beginPath();
        ctx.rect(op.x, op.y, op.w, op.h);
      }
      if (op.fill) {
        ctx.fillStyle = css(op.fill);
        ctx.fill();
      }
      if (op.stroke) {
        ctx.strokeStyle = css(op.stroke);
        ctx.lineWidth = op.lineWidth ?? 0.75;
        ctx.stroke();
      }
      return;
    case 'line':
      ctx.beginPath();
      ctx.moveTo(op.x1, op.y1);
      ctx.lineTo(op.x2, op.y2);
      ctx.strokeStyle = css(op.color);
      ctx.lineWidth = op.width;
      ctx.lineCap = 'butt';
      ctx.stroke();
      return;
    case 'circle':
      ctx.beginPath();
      ctx.arc(op.cx, op.cy, op.r, 0, Math.PI * 2);
      ctx.fillStyle = css(op.fill);
      ctx.fill();
      return;
    case 'path':
      ctx.beginPath();
      op.points.forEach(([x, y], i) => {
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      ctx.strokeStyle = css(op.color);
      ctx.lineWidth = op.width;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.stroke();
      return;
    case 'image': {
      const bitmap = bitmaps.get(op.picture);
      if (bitmap) ctx.drawImage(bitmap, op.x, op.y, op.w, op.h);
      else {
        ctx.fillStyle = css(COLORS.placeholder);
        ctx.fillRect(op.x, op.y, op.w, op.h);
      }
      return;
    }
  }
}

/**
 * Draws a laid-out report on a canvas at `scale` pixels per point and returns it as a PNG; more
 * than one page are stacked with a grey gap. Browser only.
 */
export async function drawPng(layout: ReportLayout, pictures: ReportPictures, scale = 2): Promise<Blob> {
  const fonts = layout.fonts ?? NO_FONTS;
  const [bitmaps] = await Promise.all([decodePictures(layout, pictures), addFontFaces(fonts)]);
  const pages = layout.pages.length;
  const totalH = pages * layout.height + (pages - 1) * PAGE_GAP;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(layout.width * scale);
  canvas.height = Math.ceil(totalH * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the report image.');
  ctx.scale(scale, scale);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.fillStyle = '#d1d5db';
  ctx.fillRect(0, 0, layout.width, totalH);
  layout.pages.forEach((ops, i) => {
    ctx.save();
    ctx.translate(0, i * (layout.height + PAGE_GAP));
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, layout.width, layout.height);
    for (const op of ops) drawOp(ctx, op, bitmaps, fonts);
    ctx.restore();
  });
  for (const bitmap of bitmaps.values()) bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The report image could not be made.'))),
      'image/png',
    ),
  );
}
