/** Measures text in points, for one font size and weight (the PDF's fonts' metrics in both back ends). */
export interface Measurer {
  width(text: string, size: number, bold: boolean): number;
}

const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  // Intl's times ("3:07\u202fPM" in newer ICU): a plain space, in Helvetica.
  '\u202f': ' ',
  '\u2022': '-',
};

/**
 * The text as the report prints it: NFC, on one line, typographic quotes and dashes in their
 * plain forms (Helvetica prints those; a name typed on a phone often has them). Letters of every
 * script stay: the back ends set them in their script's font (fonts.ts) and print a letter that
 * no font has as its code point, never "?". Control characters are dropped.
 */
export function toReportText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) {
    const code = ch.codePointAt(0)!;
    if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch];
    else if (code >= 0x20 && !(code >= 0x7f && code < 0xa0)) out += ch;
  }
  return out;
}

/**
 * A value set apart for the bidi algorithm (first-strong isolate): a right-to-left name or address
 * beside English text or numbers keeps its own order and leaves theirs alone ("محمد - 11/23/2026").
 */
export const isolate = (value: string): string => `\u2068${value}\u2069`;

/** Breaks one word that is wider than the line into pieces that fit. */
function breakWord(word: string, maxWidth: number, measure: (s: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && measure(piece + ch) > maxWidth) {
      pieces.push(piece);
      piece = ch;
    } else piece += ch;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Greedy word wrap; words longer than a line are broken. Always at least one line. */
export function wrapText(text: string, maxWidth: number, size: number, bold: boolean, m: Measurer): string[] {
  const measure = (s: string) => m.width(s, size, bold);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (measure(word) <= maxWidth) line = word;
    else {
      const pieces = breakWord(word, maxWidth, measure);
      lines.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1] ?? '';
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** Wraps a link after its slashes and hyphens (never inside a word), so each line stays a readable piece. */
export function wrapUrl(url: string, maxWidth: number, size: number, m: Measurer): string[] {
  const pieces = url.match(/[^/-]*[/-]*/g)?.filter(Boolean) ?? [url];
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    if (line && m.width(line + piece, size, true) > maxWidth) {
      lines.push(line);
      line = '';
    }
    if (m.width(piece, size, true) > maxWidth) {
      const broken = wrapText(piece, maxWidth, size, true, m);
      lines.push(...broken.slice(0, -1));
      line = broken[broken.length - 1] ?? '';
    } else line += piece;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}
