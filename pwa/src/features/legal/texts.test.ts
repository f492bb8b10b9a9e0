import { describe, expect, it } from 'vitest';
import { isLegalDoc, LEGAL_DOCS } from '../../ui/legal-links';
import { LEGAL_ORDER, LEGAL_TEXTS } from './texts';

const allText = (id: keyof typeof LEGAL_TEXTS) => {
  const t = LEGAL_TEXTS[id];
  return [t.title, t.summary, ...t.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.points ?? [])])].join(
    '\n',
  );
};

describe('the legal text set', () => {
  it('has the five texts of the spec, in the order of the table of contents', () => {
    expect(LEGAL_DOCS.map((d) => d.id)).toEqual(['description', 'privacy', 'caution', 'terms', 'hipaa']);
    expect(LEGAL_ORDER.map((t) => t.id)).toEqual(LEGAL_DOCS.map((d) => d.id));
    for (const d of LEGAL_DOCS) {
      expect(LEGAL_TEXTS[d.id].sections.length).toBeGreaterThan(0);
      expect(isLegalDoc(d.id)).toBe(true);
    }
    expect(isLegalDoc('cookies')).toBe(false);
    expect(isLegalDoc('toString')).toBe(false);
  });

  it('gives the HIPAA authorization in exactly six numbered parts', () => {
    expect(LEGAL_TEXTS.hipaa.numbered).toBe(true);
    expect(LEGAL_TEXTS.hipaa.sections).toHaveLength(6);
    const hipaa = allText('hipaa');
    expect(hipaa).toMatch(/revoke/i);
    expect(hipaa).toMatch(/no longer be protected/i);
    for (const d of LEGAL_DOCS) if (d.id !== 'hipaa') expect(LEGAL_TEXTS[d.id].numbered).toBeFalsy();
  });

  it('is real text: no placeholder words, every part says something', () => {
    for (const d of LEGAL_DOCS) {
      const text = allText(d.id);
      expect(text).not.toMatch(/lorem|ipsum|TODO|TBD|xxx/i);
      for (const s of LEGAL_TEXTS[d.id].sections)
        expect(s.paragraphs.length + (s.points?.length ?? 0)).toBeGreaterThan(0);
    }
  });

  it('carries the product labels, the not-a-diagnosis rule, and no invented retention period', () => {
    const description = allText('description');
    expect(description).toContain('FDA Registered Class II (510K Exempt) Medical Device');
    expect(description).toContain('OLFACTORY TEST KIT');
    expect(description).toMatch(/not a diagnosis/);
    const privacy = allText('privacy');
    expect(privacy).toMatch(/until deletion is requested/);
    expect(privacy).not.toMatch(/\d+\s*years?/i);
    expect(privacy).toMatch(/do not sell/i);
  });
});
