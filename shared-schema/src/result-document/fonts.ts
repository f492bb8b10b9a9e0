import bidiFactory from 'bidi-js';
import type { JsPdfClass } from './jspdf';

/*
 * Every script in the report. Text that Helvetica can print (Latin-1) stays in Helvetica, so
 * reports in English and Western European names look as they always did. Any other letter is
 * set in a Noto font of its script, subset at build time (scripts/make-fonts.mjs, files in
 * shared-schema/fonts/): one file per script, Han and Hangul in slices of 512 code points, so a
 * name costs only the files its letters are in. Arabic, Hebrew and Devanagari are shaped with
 * HarfBuzz (joining, marks, conjuncts); the others map one letter to one glyph. Lines are put in
 * display order with the Unicode bidi algorithm (bidi-js). A font that cannot be had (offline,
 * never fetched) or a letter of no script here is printed as its code point ("U+674E") and the
 * report says why in a note: never "?".
 */

/** Where font files come from: the device fetches them, the server reads them. Null when it cannot. */
export type FontSource = (file: string) => Promise<Uint8Array | null>;

/** Fonts whose letters change with their neighbours: shaped with HarfBuzz. */
const SHAPED = new Set(['arabic', 'hebrew', 'devanagari']);
/** The first code point of the slices of Han and Hangul (see make-fonts.mjs). */
const HAN = 0x4e00;
const HANGUL = 0xac00;
const slice = (prefix: string, cp: number, first: number) => `${prefix}-${String((cp - first) >> 9).padStart(2, '0')}`;

const isBase = (cp: number) => (cp >= 0x20 && cp < 0x7f) || (cp >= 0xa0 && cp <= 0xff);
const between = (cp: number, lo: number, hi: number) => cp >= lo && cp <= hi;

/**
 * 'base' (Helvetica), 'mark' (joins the letter before it), 'control' (a bidi control: ordered,
 * never drawn), a font's key, or null (no font has it).
 */
export function fontKeyOf(cp: number): string | 'base' | 'mark' | 'control' | null {
  if (isBase(cp)) return 'base';
  if (between(cp, 0x200e, 0x200f) || between(cp, 0x202a, 0x202e) || between(cp, 0x2066, 0x2069)) return 'control';
  if (between(cp, 0x300, 0x36f) || between(cp, 0x200c, 0x200d) || cp === 0xfe0f) return 'mark';
  if (between(cp, 0x100, 0x52f) || between(cp, 0x1e00, 0x1fff) || between(cp, 0x2000, 0x206f)) return 'latin';
  if (between(cp, 0x20a0, 0x20c0)) return 'latin';
  if (between(cp, 0x590, 0x5ff) || between(cp, 0xfb1d, 0xfb4f)) return 'hebrew';
  if (between(cp, 0x600, 0x6ff) || between(cp, 0x750, 0x77f) || between(cp, 0x8a0, 0x8ff)) return 'arabic';
  if (between(cp, 0xfb50, 0xfdff) || between(cp, 0xfe70, 0xfeff)) return 'arabic';
  if (between(cp, 0x900, 0x97f) || between(cp, 0xa8e0, 0xa8ff) || between(cp, 0x1cd0, 0x1cff)) return 'devanagari';
  if (between(cp, 0x3000, 0x30ff) || between(cp, 0x31f0, 0x31ff) || between(cp, 0xff00, 0xffef)) return 'cjk';
  if (between(cp, HAN, 0x9fff)) return slice('han', cp, HAN);
  if (between(cp, HANGUL, 0xd7a3)) return slice('hangul', cp, HANGUL);
  return null;
}

/** The font files a set of texts needs (none for Latin-1 only). */
export function fontsNeeded(texts: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  for (const text of texts)
    for (const ch of text) {
      const key = fontKeyOf(ch.codePointAt(0)!);
      if (key && key !== 'base' && key !== 'mark' && key !== 'control') keys.add(key);
    }
  return keys;
}

/** Every string in a report model (names, kit, provider, cards, answers), for fontsNeeded. */
export function modelStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) modelStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) modelStrings(v, out);
  return out;
}

/** A glyph in 1/1000 em: its id in the font, its advance and its offset; `cluster` is the UTF-16 index of its first letter. */
export interface Glyph {
  id: number;
  cluster: number;
  advance: number;
  dx: number;
  dy: number;
}

/** What jsPDF's TTF parser gives (jsPDF.API.TTFFont.open), the parts used here. */
interface TtfMetadata {
  characterToGlyph(code: number): number;
  widthOfGlyph(glyph: number): number;
}

type HbModule = typeof import('harfbuzzjs');
type HbFont = InstanceType<HbModule['Font']>;

/** A font that was had: its bytes (for the PDF and the canvas) and what measuring and shaping need. */
export interface LoadedFont {
  key: string;
  bytes: Uint8Array;
  metadata: TtfMetadata;
  shaper: { hb: HbModule; font: HbFont; upem: number } | null;
}

/** The fonts a report's texts need: those loaded, and whether any could not be (the report then says so). */
export interface ReportFonts {
  loaded: Map<string, LoadedFont>;
  /** A font was missing or a letter is in no script here: some text is printed as code points. */
  incomplete: boolean;
}

export const NO_FONTS: ReportFonts = { loaded: new Map(), incomplete: false };

/**
 * Loads the fonts the texts need from `source` (in parallel); HarfBuzz only when a shaped script
 * is among them. Without a source every non-Latin-1 letter falls back to its code point.
 */
export async function loadReportFonts(
  texts: string[],
  source: FontSource | undefined,
  JsPdf: JsPdfClass,
): Promise<ReportFonts> {
  const keys = [...fontsNeeded(texts)];
  let incomplete = texts.some((t) => [...t].some((ch) => fontKeyOf(ch.codePointAt(0)!) === null));
  if (keys.length === 0) return { loaded: new Map(), incomplete };
  const files = await Promise.all(
    keys.map(async (key) => {
      try {
        return (await source?.(`${key}.ttf`)) ?? null;
      } catch {
        return null;
      }
    }),
  );
  let hb: HbModule | null = null;
  if (keys.some((k, i) => SHAPED.has(k) && files[i]))
    try {
      const mod = await import('harfbuzzjs');
      // The PWA's build turns harfbuzzjs's top-level await into this promise (pwa/vite.config.ts);
      // under Node the module is ready once imported.
      await (mod as { ready?: Promise<unknown> }).ready;
      hb = mod;
    } catch {
      // No shaping engine (its WebAssembly could not be fetched or compiled): those scripts fall
      // back like a missing font rather than print unjoined letters.
    }
  const ttf = (JsPdf as unknown as { API: { TTFFont: { open(bytes: Uint8Array): TtfMetadata } } }).API.TTFFont;
  const loaded = new Map<string, LoadedFont>();
  keys.forEach((key, i) => {
    const bytes = files[i];
    if (!bytes || (SHAPED.has(key) && !hb)) {
      incomplete = true;
      return;
    }
    let shaper: LoadedFont['shaper'] = null;
    if (hb && SHAPED.has(key)) {
      const face = new hb.Face(new hb.Blob(bytes));
      shaper = { hb, font: new hb.Font(face), upem: face.upem };
    }
    loaded.set(key, { key, bytes, metadata: ttf.open(bytes), shaper });
  });
  return { loaded, incomplete };
}

/**
 * A piece of a line in one font, in display order: `font` is 'base' (Helvetica) or a loaded
 * font's key; `text` is what is printed in Helvetica or, for a font, the letters in logical order
 * (for /ActualText and the canvas); `original` the letters as given (differs from `text` when they
 * fell back to code points). `glyphs` and `width` (1/1000 em) are set for a font's runs.
 */
export interface TextRun {
  font: string;
  text: string;
  original: string;
  rtl: boolean;
  glyphs: Glyph[] | null;
}

let bidi: ReturnType<typeof bidiFactory> | undefined;

/**
 * Letters without a font as best Helvetica can: an accented Latin letter as its Latin-1 base
 * ("ő" → "o"), anything else as its code point ("李雷" → "U+674E U+96F7").
 */
function fallback(s: string): string {
  const out: string[] = [];
  for (const ch of s) {
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    if (base && [...base].every((c) => isBase(c.codePointAt(0)!))) out.push(base);
    else if (fontKeyOf(ch.codePointAt(0)!) !== 'mark')
      out.push(
        `${out.length && !out[out.length - 1].startsWith('U+') ? ' ' : ''}U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} `,
      );
  }
  return out.join('').trimEnd();
}

const shapeCache = new WeakMap<LoadedFont, Map<string, Glyph[]>>();

/** The glyphs of a run of one font: shaped by HarfBuzz, or one per letter from the font's cmap. */
function glyphsOf(font: LoadedFont, text: string): Glyph[] {
  let cache = shapeCache.get(font);
  if (!cache) {
    cache = new Map();
    shapeCache.set(font, cache);
  }
  const hit = cache.get(text);
  if (hit) return hit;
  let glyphs: Glyph[];
  if (font.shaper) {
    const { hb, font: hbFont, upem } = font.shaper;
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    // The script gives the direction (Arabic and Hebrew right to left): glyphs come out in display order.
    hb.shape(hbFont, buffer);
    const k = 1000 / upem;
    const positions = buffer.getGlyphPositions();
    glyphs = buffer.getGlyphInfos().map((info, i) => ({
      id: info.codepoint,
      cluster: info.cluster,
      advance: positions[i].xAdvance * k,
      dx: positions[i].xOffset * k,
      dy: positions[i].yOffset * k,
    }));
  } else {
    let cluster = 0;
    glyphs = [...text].map((ch) => {
      const id = font.metadata.characterToGlyph(ch.codePointAt(0)!);
      const glyph = { id, cluster, advance: font.metadata.widthOfGlyph(id), dx: 0, dy: 0 };
      cluster += ch.length;
      return glyph;
    });
  }
  cache.set(text, glyphs);
  return glyphs;
}

/** Whether a font has a glyph for every letter of a text (marks and joiners aside). */
function covers(font: LoadedFont, text: string): boolean {
  return [...text].every(
    (ch) => fontKeyOf(ch.codePointAt(0)!) === 'mark' || font.metadata.characterToGlyph(ch.codePointAt(0)!) > 0,
  );
}

/**
 * A line of text as runs in display order. Latin-1 stays 'base' except inside a word that has
 * other Latin, Greek or Cyrillic letters (then the whole word is in Noto Sans, so "Łucja" is one
 * face); marks join the letter before them; levels from the bidi algorithm (base left to right,
 * the report's language) reverse right-to-left runs.
 */
export function textRuns(text: string, fonts: ReportFonts): TextRun[] {
  const all = [...text];
  if (all.every((ch) => fontKeyOf(ch.codePointAt(0)!) === 'base'))
    return [{ font: 'base', text, original: text, rtl: false, glyphs: null }];
  bidi ??= bidiFactory();
  const { levels } = bidi.getEmbeddingLevels(text, 'ltr');
  // Levels are per UTF-16 unit; map them to code points, and leave out the bidi controls (they
  // have done their work: no font draws them).
  const chars: string[] = [];
  const charLevels: number[] = [];
  let unit = 0;
  for (const ch of all) {
    if (fontKeyOf(ch.codePointAt(0)!) !== 'control') {
      chars.push(ch);
      charLevels.push(levels[unit]);
    }
    unit += ch.length;
  }
  const keys = chars.map((ch) => fontKeyOf(ch.codePointAt(0)!));
  for (let i = 0; i < keys.length; i++) if (keys[i] === 'mark') keys[i] = i > 0 ? keys[i - 1] : 'base';
  // Words with other Latin letters: their Latin-1 letters in the same face.
  for (let start = 0; start < chars.length; ) {
    let end = start;
    while (end < chars.length && chars[end] !== ' ') end++;
    if (keys.slice(start, end).includes('latin'))
      for (let i = start; i < end; i++) if (keys[i] === 'base' && /\p{L}/u.test(chars[i])) keys[i] = 'latin';
    start = end + 1;
  }
  if (keys.every((k) => k === 'base')) {
    const plain = chars.join('');
    return [{ font: 'base', text: plain, original: plain, rtl: false, glyphs: null }];
  }
  // A letter whose font is missing (or lacks it) falls back: 'missing' runs print as code points.
  const resolved = keys.map((key, i): string => {
    if (key === 'base') return key;
    const font = key ? fonts.loaded.get(key) : undefined;
    return font && key && covers(font, chars[i]) ? key : 'missing';
  });
  // Logical runs of one key and one level.
  type Logical = { key: string; level: number; text: string };
  const logical: Logical[] = [];
  chars.forEach((ch, i) => {
    const last = logical[logical.length - 1];
    if (last && last.key === resolved[i] && last.level === charLevels[i]) last.text += ch;
    else logical.push({ key: resolved[i], level: charLevels[i], text: ch });
  });
  // Display order: from the highest level down to 1, reverse every stretch at that level or above.
  const maxLevel = Math.max(...logical.map((r) => r.level));
  for (let level = maxLevel; level >= 1; level--) {
    for (let i = 0; i < logical.length; ) {
      if (logical[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < logical.length && logical[j].level >= level) j++;
      logical.splice(i, j - i, ...logical.slice(i, j).reverse());
      i = j;
    }
  }
  return logical.map(({ key, level, text: t }): TextRun => {
    const rtl = level % 2 === 1;
    if (key === 'base') {
      // Neutrals inside a right-to-left stretch read mirrored and backwards.
      const shown = rtl
        ? [...t]
            .reverse()
            .map((ch) => bidi!.getMirroredCharacter(ch) ?? ch)
            .join('')
        : t;
      return { font: 'base', text: shown, original: t, rtl, glyphs: null };
    }
    const font = fonts.loaded.get(key);
    if (!font) return { font: 'base', text: fallback(t), original: t, rtl, glyphs: null };
    return { font: font.key, text: t, original: t, rtl, glyphs: glyphsOf(font, t) };
  });
}

/** The width of a font's run in 1/1000 em. */
export const runWidth = (glyphs: Glyph[]) => glyphs.reduce((sum, g) => sum + g.advance, 0);
