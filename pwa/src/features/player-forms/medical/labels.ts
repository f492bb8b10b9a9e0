import type { Gender, MedicalFlagKey, MessageId, Race, Translate } from '@scentry/shared-schema';

/*
 * The medical form's choices as players read them. The values sent to the API and stored stay the
 * contract's English (GENDERS, RACES, the flags' keys); only what is shown is translated.
 */

export const GENDER_KEYS: Record<Gender, MessageId> = { Male: 'medical.genderMale', Female: 'medical.genderFemale' };

export const RACE_KEYS: Record<Race, MessageId> = {
  White: 'medical.raceWhite',
  'Black or African American': 'medical.raceBlack',
  'Hispanic or Latino': 'medical.raceHispanic',
  Asian: 'medical.raceAsian',
  'American Indian or Alaska Native': 'medical.raceNative',
  'Native Hawaiian or Other Pacific Islander': 'medical.racePacific',
  'Some Other Race': 'medical.raceOther',
};

/** The yes/no questions (DISORDER_FLAGS, FAMILY_FLAGS), by flag: the family ones ask the same conditions. */
export const FLAG_KEYS: Record<MedicalFlagKey, MessageId> = {
  IsAlzheimerDisease: 'medical.alzheimer',
  IsParkinsonDisease: 'medical.parkinson',
  IsHeadInjuriesConcussion: 'medical.headInjury',
  IsSinoNasalDisease: 'medical.sinoNasal',
  IsOtherNeurologicalDisorder: 'medical.otherNeuro',
  IsAlzheimerDiseaseInFamily: 'medical.alzheimer',
  IsParkinsonDiseaseInFamily: 'medical.parkinson',
  IsOtherNeurologicalDisorderInFamily: 'medical.otherNeuro',
};

// The English labels the result's model carries (flaggedLabels: the flags' labels, or 'None').
const LABEL_KEYS: Record<string, MessageId> = {
  ...GENDER_KEYS,
  ...RACE_KEYS,
  "Alzheimer's disease": 'medical.alzheimer',
  "Parkinson's disease": 'medical.parkinson',
  'Head injury or concussion': 'medical.headInjury',
  'Sinus or nasal disease': 'medical.sinoNasal',
  'Other neurological disorder': 'medical.otherNeuro',
  None: 'result.none',
};

/** A stored English answer (gender, race, a condition, "None") in the player's language; anything else as stored. */
export function answerLabel(t: Translate, english: string): string {
  const key = Object.hasOwn(LABEL_KEYS, english) ? LABEL_KEYS[english] : undefined;
  return key ? t(key) : english;
}
