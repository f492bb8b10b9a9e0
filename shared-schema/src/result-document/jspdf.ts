import type { jsPDF } from 'jspdf';

/** jsPDF's document class, handed to the PDF back end by whoever loaded it. */
export type JsPdfClass = typeof jsPDF;

/**
 * jsPDF (~400 KB) by `import()` only, when a PDF is made: a static import would be hoisted into
 * the PWA's first chunk or the server's bundle start (esbuild hoists external imports), and most
 * visits and most server runs never draw a report.
 */
export async function loadJsPdf(): Promise<JsPdfClass> {
  return (await import('jspdf')).jsPDF;
}
