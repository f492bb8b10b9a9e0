import type { jsPDF } from 'jspdf';
import { NO_FONTS, type ReportFonts, runWidth, textRuns } from './fonts';
import type { Measurer } from './text';

/**
 * Widths from the fonts the PDF prints with: Helvetica's built-in metrics for Latin-1 (no fonts
 * to load, the same in Node and the browser), the shaped advances of a script's Noto font for
 * the rest (fonts.ts). The image back end draws from the same layout with the same fonts, so the
 * PDF and the image wrap every line alike. Widths are cached: the layout asks for the same words
 * many times while wrapping.
 */
export function jsPdfMeasurer(doc: jsPDF, fonts: ReportFonts = NO_FONTS): Measurer {
  const cache = new Map<string, number>();
  const helvetica = (text: string, bold: boolean) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    return doc.getStringUnitWidth(text);
  };
  return {
    width(text, size, bold) {
      const key = `${bold ? 'b' : 'n'}${text}`;
      let unit = cache.get(key);
      if (unit === undefined) {
        unit = 0;
        for (const run of textRuns(text, fonts))
          unit += run.glyphs ? runWidth(run.glyphs) / 1000 : helvetica(run.text, bold);
        cache.set(key, unit);
      }
      return unit * size;
    },
  };
}
