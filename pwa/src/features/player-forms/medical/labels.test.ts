import { DISORDER_FLAGS, FAMILY_FLAGS, GENDERS, RACES, recordValue, type Translate } from '@scentry/shared-schema';
import en from '@scentry/shared-schema/i18n/en.json';
import es from '@scentry/shared-schema/i18n/es.json';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages, t } from '../../../i18n';
import { FLAG_KEYS, GENDER_KEYS, RACE_KEYS } from './labels';

const answerLabel = (t: Parameters<typeof recordValue>[1], value: string) => recordValue(value, t);

type Compiled = Parameters<typeof loadMessages>[1];
afterEach(() => loadMessages('en', en as unknown as Compiled));

describe("the medical form's choices as players read them", () => {
  it('in English, say exactly the contract values and the flags’ own labels', () => {
    for (const g of GENDERS) expect(t(GENDER_KEYS[g])).toBe(g);
    for (const r of RACES) expect(t(RACE_KEYS[r])).toBe(r);
    for (const f of [...DISORDER_FLAGS, ...FAMILY_FLAGS]) expect(t(FLAG_KEYS[f.key])).toBe(f.label);
  });

  it('in Spanish, translate a stored English answer, and leave anything else as stored', () => {
    loadMessages('es', es as unknown as Compiled);
    const tr: Translate = t;
    expect(answerLabel(tr, 'Female')).toBe('Femenino');
    expect(answerLabel(tr, 'Hispanic or Latino')).toBe('Hispana o latina');
    expect(answerLabel(tr, "Parkinson's disease")).toBe('Enfermedad de Parkinson');
    expect(answerLabel(tr, 'None')).toBe('Ninguno');
    expect(answerLabel(tr, 'Klingon')).toBe('Klingon');
    expect(answerLabel(tr, 'toString')).toBe('toString');
    for (const r of RACES) expect(answerLabel(tr, r)).not.toBe(r);
  });
});
