// Makes the report's subset fonts in shared-schema/fonts/ (committed; run again only to change a
// repertoire or a font version): `node shared-schema/scripts/make-fonts.mjs`.
// The Noto fonts come from @expo-google-fonts packages (TTF), fetched with `npm pack` into a
// temporary folder rather than installed: the Chinese, Japanese and Korean packages are 28-57 MB
// each, and every install (CI's included) would download them for a few megabytes of glyphs.
// Each font is cut with HarfBuzz's subsetter (harfbuzzjs, a dependency of this package) to the
// characters the report needs of its script; its layout tables stay, so shaping is unchanged.
// Han and Hangul are cut into slices of 512 code points (han-NN, hangul-NN: the slice of a
// character is (code - first) >> 9, see src/result-document/fonts.ts), so a device fetches only the
// slices its names use.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(here, '../fonts');
const SOURCES = {
  latin: ['@expo-google-fonts/noto-sans@0.4.2', 'NotoSans_400Regular.ttf'],
  hebrew: ['@expo-google-fonts/noto-sans-hebrew@0.4.1', 'NotoSansHebrew_400Regular.ttf'],
  arabic: ['@expo-google-fonts/noto-sans-arabic@0.4.3', 'NotoSansArabic_400Regular.ttf'],
  devanagari: ['@expo-google-fonts/noto-sans-devanagari@0.4.1', 'NotoSansDevanagari_400Regular.ttf'],
  sc: ['@expo-google-fonts/noto-sans-sc@0.4.3', 'NotoSansSC_400Regular.ttf'],
  kr: ['@expo-google-fonts/noto-sans-kr@0.4.3', 'NotoSansKR_400Regular.ttf'],
};
const range = (lo, hi) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
/** Controls for joining and direction that shaping needs to see in every font. */
const FORMAT = [0x200c, 0x200d, 0x200e, 0x200f, 0x25cc];

/** Han that names are written with: GB 2312, Big5 level 1, JIS X 0208 and KS X 1001's hanja. */
function hanRepertoire() {
  const set = new Set();
  const add = (encoding, [a1, a2], ranges) => {
    const decoder = new TextDecoder(encoding);
    for (let a = a1; a <= a2; a++)
      for (const [lo, hi] of ranges)
        for (let b = lo; b <= hi; b++)
          for (const ch of decoder.decode(new Uint8Array([a, b]))) {
            const c = ch.codePointAt(0);
            if (c >= 0x4e00 && c <= 0x9fff) set.add(c);
          }
  };
  add('gbk', [0xb0, 0xf7], [[0xa1, 0xfe]]);
  add(
    'big5',
    [0xa4, 0xc6],
    [
      [0x40, 0x7e],
      [0xa1, 0xfe],
    ],
  );
  add('euc-jp', [0xb0, 0xf4], [[0xa1, 0xfe]]);
  add('euc-kr', [0xca, 0xfd], [[0xa1, 0xfe]]);
  return [...set].sort((a, b) => a - b);
}

function slices(prefix, first, codes) {
  const out = {};
  for (const c of codes) {
    const key = `${prefix}-${String((c - first) >> 9).padStart(2, '0')}`;
    out[key] ??= [];
    out[key].push(c);
  }
  return out;
}

const PLAN = {
  latin: [
    'latin',
    [
      ...range(0x20, 0x7e),
      ...range(0xa0, 0x2ff),
      ...range(0x300, 0x36f),
      ...range(0x370, 0x3ff),
      ...range(0x400, 0x52f),
      ...range(0x1e00, 0x1fff),
      ...range(0x2000, 0x206f),
      ...range(0x20a0, 0x20c0),
    ],
  ],
  hebrew: ['hebrew', [0x20, ...range(0x590, 0x5ff), ...range(0xfb1d, 0xfb4f)]],
  arabic: [
    'arabic',
    [
      0x20,
      ...range(0x600, 0x6ff),
      ...range(0x750, 0x77f),
      ...range(0x8a0, 0x8ff),
      ...range(0xfb50, 0xfdff),
      ...range(0xfe70, 0xfeff),
    ],
  ],
  devanagari: ['devanagari', [0x20, ...range(0x900, 0x97f), ...range(0xa8e0, 0xa8ff), ...range(0x1cd0, 0x1cff)]],
  cjk: ['sc', [0x20, ...range(0x3000, 0x30ff), ...range(0x31f0, 0x31ff), ...range(0xff00, 0xffef)]],
  ...Object.fromEntries(
    Object.entries(slices('han', 0x4e00, hanRepertoire())).map(([k, v]) => [k, ['sc', [0x20, ...v]]]),
  ),
  ...Object.fromEntries(
    Object.entries(slices('hangul', 0xac00, range(0xac00, 0xd7a3))).map(([k, v]) => [k, ['kr', [0x20, ...v]]]),
  ),
};

const hb = (
  await WebAssembly.instantiate(readFileSync(path.join(here, '../node_modules/harfbuzzjs/dist/harfbuzz-subset.wasm')))
).instance.exports;

function subset(font, codes) {
  const heap = () => new Uint8Array(hb.memory.buffer);
  const ptr = hb.malloc(font.byteLength);
  heap().set(font, ptr);
  const blob = hb.hb_blob_create(ptr, font.byteLength, 2 /* writable */, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  const unicodes = hb.hb_subset_input_unicode_set(input);
  for (const c of [...codes, ...FORMAT]) hb.hb_set_add(unicodes, c);
  const result = hb.hb_subset_or_fail(face, input);
  hb.hb_subset_input_destroy(input);
  if (!result) throw new Error('subset failed');
  const out = hb.hb_face_reference_blob(result);
  const at = hb.hb_blob_get_data(out, 0);
  const bytes = heap().slice(at, at + hb.hb_blob_get_length(out));
  hb.hb_blob_destroy(out);
  hb.hb_face_destroy(result);
  hb.hb_face_destroy(face);
  hb.free(ptr);
  return bytes;
}

const work = mkdtempSync(path.join(tmpdir(), 'scentry-fonts-'));
try {
  const fonts = {};
  for (const [key, [spec, file]] of Object.entries(SOURCES)) {
    const tgz = execFileSync('npm', ['pack', spec, '--silent'], { cwd: work, encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop();
    execFileSync('tar', ['xzf', tgz, '--wildcards', `*/${file}`], { cwd: work });
    fonts[key] = readFileSync(path.join(work, 'package/400Regular', file));
    rmSync(path.join(work, tgz));
  }
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  let total = 0;
  for (const [name, [source, codes]] of Object.entries(PLAN)) {
    const bytes = subset(fonts[source], codes);
    writeFileSync(path.join(OUT, `${name}.ttf`), bytes);
    total += bytes.length;
  }
  console.log(`${readdirSync(OUT).length} fonts, ${(total / 1e6).toFixed(2)} MB in ${OUT}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
