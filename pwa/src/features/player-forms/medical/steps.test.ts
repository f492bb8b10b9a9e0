import { MEDICAL_FLAG_KEYS, MEDICAL_MSG, MSG } from '@scentry/shared-schema';
import { describe, expect, it } from 'vitest';
import { checkMedicalForm, checkStep, emptyMedicalValues, type MedicalValues, valuesFromPlayer } from './steps';

const complete = (): MedicalValues => ({
  ...emptyMedicalValues(),
  FirstName: 'Ann',
  LastName: 'Lee',
  Age: '42',
  Gender: 'Female',
  Race: 'Asian',
  ...Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [k, false])),
});

describe('the medical form steps', () => {
  it('Next on the basics: the spec messages, one per field, only for that step', () => {
    const errors = checkStep(0, emptyMedicalValues());
    expect(errors).toEqual({
      FirstName: MEDICAL_MSG.firstNameRequired,
      LastName: MEDICAL_MSG.lastNameRequired,
      Age: 'Please enter Age.',
      Gender: MEDICAL_MSG.genderRequired,
      Race: 'Please select a Race/Ethnicity.',
    });
  });

  it('an age that is not a whole number from 1 to 100 is "Please enter valid Age."', () => {
    for (const age of ['0', '101', '150', '4.5', '-3', 'abc', '12a']) {
      expect(checkStep(0, { ...complete(), Age: age }), age).toEqual({ Age: 'Please enter valid Age.' });
    }
    for (const age of ['1', '100', ' 42 ']) expect(checkStep(0, { ...complete(), Age: age }), age).toEqual({});
    expect(checkStep(0, { ...complete(), Age: '  ' })).toEqual({ Age: 'Please enter Age.' });
  });

  it('names: required and under 25 characters', () => {
    expect(checkStep(0, { ...complete(), FirstName: '   ' })).toEqual({ FirstName: MEDICAL_MSG.firstNameRequired });
    expect(checkStep(0, { ...complete(), LastName: 'x'.repeat(25) })).toEqual({ LastName: MEDICAL_MSG.nameTooLong });
  });

  it("names as people have them (the shared rule): every script taken, digits and symbols refused with the spec's message", () => {
    for (const [first, last] of [
      ['李雷', 'Ольга-Łucja'],
      ["O'Brien", 'Jean-Pierre'],
      ['عبد الله', 'देवनागरी'],
    ]) {
      expect(checkStep(0, { ...complete(), FirstName: first, LastName: last }), first).toEqual({});
    }
    expect(checkStep(0, { ...complete(), FirstName: 'Ann2' })).toEqual({ FirstName: MSG.specialCharacters });
    // 24 Chinese characters are 24 characters, whatever their UTF-16 length.
    expect(checkStep(0, { ...complete(), LastName: '𠮷'.repeat(24) })).toEqual({});
  });

  it('the yes/no steps ask each of their questions: "Please select an option."', () => {
    const values = { ...complete(), IsParkinsonDisease: null, IsAlzheimerDiseaseInFamily: null };
    expect(checkStep(1, values)).toEqual({ IsParkinsonDisease: 'Please select an option.' });
    expect(checkStep(2, values)).toEqual({ IsAlzheimerDiseaseInFamily: 'Please select an option.' });
    expect(checkStep(0, values)).toEqual({});
  });

  it('Submit sends the player back to the first step with something missing (spec §4)', () => {
    const onlyFamily = checkMedicalForm({ ...complete(), IsOtherNeurologicalDisorderInFamily: null });
    expect(onlyFamily).toMatchObject({ ok: false, firstStep: 2 });

    const disordersAndFamily = checkMedicalForm({
      ...complete(),
      IsSinoNasalDisease: null,
      IsParkinsonDiseaseInFamily: null,
    });
    expect(disordersAndFamily).toMatchObject({ ok: false, firstStep: 1 });

    const race = checkMedicalForm({ ...complete(), Race: null, IsSinoNasalDisease: null });
    expect(race).toMatchObject({
      ok: false,
      firstStep: 0,
      errors: { Race: MEDICAL_MSG.raceRequired, IsSinoNasalDisease: MEDICAL_MSG.optionRequired },
    });
  });

  it('a complete form is the shared schema data: names trimmed, age a number, flags booleans', () => {
    const check = checkMedicalForm({ ...complete(), FirstName: ' Ann ', IsAlzheimerDisease: true });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.data).toMatchObject({ FirstName: 'Ann', Age: 42, Gender: 'Female', IsAlzheimerDisease: true });
    expect(check.data.IsParkinsonDisease).toBe(false);
  });

  it('prefills from player data, but never the Guest Player placeholder', () => {
    expect(valuesFromPlayer({ FirstName: 'Guest', LastName: 'Player' })).toEqual(emptyMedicalValues());
    const back = valuesFromPlayer({
      FirstName: 'Ann',
      LastName: 'Lee',
      Age: 42,
      Gender: 'Female',
      Race: 'Martian',
      IsAlzheimerDisease: true,
    });
    expect(back).toMatchObject({ FirstName: 'Ann', LastName: 'Lee', Age: '42', Gender: 'Female', Race: null });
    expect(back.IsAlzheimerDisease).toBe(true);
    expect(back.IsParkinsonDisease).toBeNull();
  });
});
