import type { GENDERS, RACES } from '../common/enums';
import type { DISORDER_FLAGS, FAMILY_FLAGS } from '../player-forms/medical';
import type { MessageId, Translate } from './catalogue';

/*
 * Values the API and the record keep in English words (the contract): intensities, the medical
 * form's choices, the conditions' labels, "None". Screens and reports show them in the player's
 * language through these keys, one mapping for both; anything else (a name, a kit, an option)
 * shows as stored.
 */

/** Intensity 0–5 in words (INTENSITY_LABELS in English). */
export const INTENSITY_KEYS = [
  'intensity.0',
  'intensity.1',
  'intensity.2',
  'intensity.3',
  'intensity.4',
  'intensity.5',
] as const satisfies readonly MessageId[];

/** The key of an intensity (an average is rounded), within 0–5. */
export const intensityKey = (n: number): MessageId => INTENSITY_KEYS[Math.min(5, Math.max(0, Math.round(n)))];

/** An intensity in words, in the language of `t`. */
export const intensityLabel = (t: Translate, value: number): string => t(intensityKey(value));

export const GENDER_KEYS = {
  Male: 'medical.genderMale',
  Female: 'medical.genderFemale',
} as const satisfies Record<(typeof GENDERS)[number], MessageId>;

export const RACE_KEYS = {
  White: 'medical.raceWhite',
  'Black or African American': 'medical.raceBlack',
  'Hispanic or Latino': 'medical.raceHispanic',
  Asian: 'medical.raceAsian',
  'American Indian or Alaska Native': 'medical.raceNative',
  'Native Hawaiian or Other Pacific Islander': 'medical.racePacific',
  'Some Other Race': 'medical.raceOther',
} as const satisfies Record<(typeof RACES)[number], MessageId>;

/** The conditions by the English label the record lists them with (the family ones ask the same). */
const CONDITION_KEYS = {
  "Alzheimer's disease": 'medical.alzheimer',
  "Parkinson's disease": 'medical.parkinson',
  'Head injury or concussion': 'medical.headInjury',
  'Sinus or nasal disease': 'medical.sinoNasal',
  'Other neurological disorder': 'medical.otherNeuro',
} as const satisfies Record<
  (typeof DISORDER_FLAGS)[number]['label'] | (typeof FAMILY_FLAGS)[number]['label'],
  MessageId
>;

const VALUE_KEYS: Record<string, MessageId> = {
  ...GENDER_KEYS,
  ...RACE_KEYS,
  ...CONDITION_KEYS,
  None: 'report.none',
};

/** A stored English value (gender, race, a condition, "None") in the language of `t`; anything else as stored. */
export const recordValue = (value: string, t: Translate): string => {
  const key = Object.hasOwn(VALUE_KEYS, value) ? VALUE_KEYS[value] : undefined;
  return key ? t(key) : value;
};
