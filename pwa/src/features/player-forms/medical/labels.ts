import type { MedicalFlagKey, MessageId } from '@scentry/shared-schema';

export { GENDER_KEYS, RACE_KEYS } from '@scentry/shared-schema';

/*
 * The medical form's choices as players read them. The values sent to the API and stored stay the
 * contract's English (GENDERS, RACES, the flags' keys); only what is shown is translated
 * (shared-schema i18n/values.ts maps stored values for screens and reports alike).
 */

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
