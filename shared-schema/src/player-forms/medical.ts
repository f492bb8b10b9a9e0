/**
 * The medical form's yes/no questions (spec §3 player data), by the spec's field names, with the
 * words the result page, its report and the admin's filters show. Zod-free: player screens read it.
 */
export const DISORDER_FLAGS = [
  { key: 'IsAlzheimerDisease', label: "Alzheimer's disease" },
  { key: 'IsParkinsonDisease', label: "Parkinson's disease" },
  { key: 'IsHeadInjuriesConcussion', label: 'Head injury or concussion' },
  { key: 'IsSinoNasalDisease', label: 'Sinus or nasal disease' },
  { key: 'IsOtherNeurologicalDisorder', label: 'Other neurological disorder' },
] as const;

export const FAMILY_FLAGS = [
  { key: 'IsAlzheimerDiseaseInFamily', label: "Alzheimer's disease" },
  { key: 'IsParkinsonDiseaseInFamily', label: "Parkinson's disease" },
  { key: 'IsOtherNeurologicalDisorderInFamily', label: 'Other neurological disorder' },
] as const;

export type MedicalFlagKey = (typeof DISORDER_FLAGS)[number]['key'] | (typeof FAMILY_FLAGS)[number]['key'];

/**
 * The labels of the flags answered yes; `['None']` when all were answered and none is yes; null
 * when the questions were not answered (shown as "not given").
 */
export function flaggedLabels(
  answers: Partial<Record<string, unknown>>,
  flags: readonly { key: string; label: string }[],
): string[] | null {
  const given = flags.filter((f) => typeof answers[f.key] === 'boolean');
  if (given.length === 0) return null;
  const yes = given.filter((f) => answers[f.key] === true).map((f) => f.label);
  return yes.length ? yes : ['None'];
}

/** The medical form's messages: spec §5 (exact) and ours. */
export const MEDICAL_MSG = {
  // spec §5 (exact)
  ageRequired: 'Please enter Age.',
  ageInvalid: 'Please enter valid Age.',
  raceRequired: 'Please select a Race/Ethnicity.',
  optionRequired: 'Please select an option.',
  // ours (the spec requires these without giving words)
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  nameTooLong: 'Names must be under 25 characters.',
  genderRequired: 'Please select a Gender.',
  saved: 'Medical information saved',
  conflict: 'Medical information was already saved for this result',
  resultUnknown: 'No result with this id has reached the server yet.',
  organizationUnavailable: 'The chosen organization or healthcare provider is not available. Please choose another.',
} as const;

export const AGE_MIN = 1;
export const AGE_MAX = 100;

/** Every flag of the medical form, disorders then family history. */
export const MEDICAL_FLAG_KEYS = [...DISORDER_FLAGS, ...FAMILY_FLAGS].map((f) => f.key) as MedicalFlagKey[];
