import QRCode from 'qrcode';

/** A run of dark modules on one row of a QR code, in module units. */
export interface QrRun {
  row: number;
  col: number;
  length: number;
}

/**
 * The dark modules of the QR code of `text` (error correction M), merged into horizontal runs so
 * a back end draws a few dozen rectangles instead of hundreds of squares.
 */
export function qrRuns(text: string): { size: number; runs: QrRun[] } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const runs: QrRun[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      runs.push({ row, col: start, length: col - start });
    }
  }
  return { size: modules.size, runs };
}
