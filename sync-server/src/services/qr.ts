import QRCode from 'qrcode';

/** The URL a kit's printed QR code opens: the phone camera lands straight in play. */
export const kitUrl = (publicUrl: string, name: string): string => `${publicUrl}/scent/${encodeURIComponent(name)}`;

/** A print-ready PNG data URL (quiet zone included, medium error correction survives smudges). */
export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, width: 512, type: 'image/png' });
}
