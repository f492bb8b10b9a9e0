import { describe, expect, it } from 'vitest';
import { isLegalDoc, LEGAL_DOCS, type LegalDocId } from '../../ui/legal-links';
import type { LegalTexts } from './legal-text';
import { loadLegalTexts } from './texts';
import { LEGAL_TEXTS_EN } from './texts.en';
import { LEGAL_TEXTS_ES } from './texts.es';

const LANGUAGES: [string, LegalTexts][] = [
  ['en', LEGAL_TEXTS_EN],
  ['es', LEGAL_TEXTS_ES],
];

const allText = (texts: LegalTexts, id: LegalDocId) => {
  const t = texts[id];
  return [t.summary, ...t.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.points ?? [])])].join('\n');
};

describe('the legal text set', () => {
  it('has the five texts of the spec, in the order of the table of contents, in both languages', async () => {
    expect(LEGAL_DOCS.map((d) => d.id)).toEqual(['description', 'privacy', 'caution', 'terms', 'hipaa']);
    for (const [, texts] of LANGUAGES) {
      expect(Object.keys(texts)).toEqual(LEGAL_DOCS.map((d) => d.id));
      for (const d of LEGAL_DOCS) {
        expect(texts[d.id].id).toBe(d.id);
        expect(texts[d.id].sections.length).toBeGreaterThan(0);
      }
    }
    for (const d of LEGAL_DOCS) expect(isLegalDoc(d.id)).toBe(true);
    expect(isLegalDoc('cookies')).toBe(false);
    expect(isLegalDoc('toString')).toBe(false);
    // Loaded per language (each its own chunk).
    expect(await loadLegalTexts('es')).toBe(LEGAL_TEXTS_ES);
    expect(await loadLegalTexts('en')).toBe(LEGAL_TEXTS_EN);
  });

  it('gives the Spanish part for part as the English: same sections, points and numbering', () => {
    for (const d of LEGAL_DOCS) {
      const en = LEGAL_TEXTS_EN[d.id];
      const es = LEGAL_TEXTS_ES[d.id];
      expect(es.numbered, d.id).toBe(en.numbered);
      expect(
        es.sections.map((s) => [s.paragraphs.length, s.points?.length ?? 0]),
        d.id,
      ).toEqual(en.sections.map((s) => [s.paragraphs.length, s.points?.length ?? 0]));
      expect(allText(LEGAL_TEXTS_ES, d.id), d.id).not.toEqual(allText(LEGAL_TEXTS_EN, d.id));
    }
  });

  it('gives the HIPAA authorization in exactly six numbered parts', () => {
    for (const [, texts] of LANGUAGES) {
      expect(texts.hipaa.numbered).toBe(true);
      expect(texts.hipaa.sections).toHaveLength(6);
      for (const d of LEGAL_DOCS) if (d.id !== 'hipaa') expect(texts[d.id].numbered).toBeFalsy();
    }
    expect(allText(LEGAL_TEXTS_EN, 'hipaa')).toMatch(/revoke/i);
    expect(allText(LEGAL_TEXTS_EN, 'hipaa')).toMatch(/no longer be protected/i);
    expect(allText(LEGAL_TEXTS_ES, 'hipaa')).toMatch(/revocar/i);
    expect(allText(LEGAL_TEXTS_ES, 'hipaa')).toMatch(/dejar de estar protegida/i);
  });

  it('is real text: no placeholder words, every part says something', () => {
    for (const [, texts] of LANGUAGES) {
      for (const d of LEGAL_DOCS) {
        // Case-sensitive TODO: Spanish says "todo" (everything).
        expect(allText(texts, d.id)).not.toMatch(/lorem|ipsum|\bTODO\b|\bTBD\b|xxx/);
        expect(allText(texts, d.id)).not.toMatch(/lorem|ipsum|xxx/i);
        for (const s of texts[d.id].sections) expect(s.paragraphs.length + (s.points?.length ?? 0)).toBeGreaterThan(0);
      }
    }
  });

  it('carries the product labels untranslated, the not-a-diagnosis rule, and no invented retention period', () => {
    for (const [, texts] of LANGUAGES) {
      const description = allText(texts, 'description');
      expect(description).toContain('FDA Registered Class II (510K Exempt) Medical Device');
      expect(description).toContain('OLFACTORY TEST KIT');
      expect(allText(texts, 'privacy')).not.toMatch(/\d+\s*(years?|años?)/i);
    }
    expect(allText(LEGAL_TEXTS_EN, 'description')).toMatch(/not a diagnosis/);
    expect(allText(LEGAL_TEXTS_ES, 'description')).toMatch(/no es un diagnóstico/i);
    expect(allText(LEGAL_TEXTS_EN, 'privacy')).toMatch(/until deletion is requested/);
    expect(allText(LEGAL_TEXTS_ES, 'privacy')).toMatch(/hasta que se pida su eliminación/);
    expect(allText(LEGAL_TEXTS_EN, 'privacy')).toMatch(/do not sell/i);
    expect(allText(LEGAL_TEXTS_ES, 'privacy')).toMatch(/no vendemos/i);
  });
});
