/**
 * Stands in for jsPDF's optional html2canvas, dompurify and canvg (its html() and SVG features,
 * which the report never uses): without it the build would carry ~380 KB of chunks the service
 * worker precaches for nothing. Anything calling them fails loudly.
 */
const unavailable = (): never => {
  throw new Error('Not bundled: the report draws with jsPDF primitives only');
};
export default unavailable;
export const Canvg = unavailable;
