import type { jsPDF } from 'jspdf';
import type { Measurer } from './text';

/**
 * Helvetica's widths from jsPDF's built-in metrics (no fonts to load, the same in Node and the
 * browser), so the PDF and the image wrap every line alike. Widths are cached: the layout asks
 * for the same words many times while wrapping.
 */
export function jsPdfMeasurer(doc: jsPDF): Measurer {
  const cache = new Map<string, number>();
  return {
    width(text, size, bold) {
      const key = `${bold ? 'b' : 'n'}${text}`;
      let unit = cache.get(key);
      if (unit === undefined) {
        doc.setFont('helvetica', bold ? 'bold' : 'normal');
        unit = doc.getStringUnitWidth(text);
        cache.set(key, unit);
      }
      return unit * size;
    },
  };
}
