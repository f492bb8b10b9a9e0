import type { GENDERS, RACES } from '../common/enums';
import type { MessageId, Translate } from '../i18n/catalogue';
import type { DISORDER_FLAGS, FAMILY_FLAGS } from '../player-forms/medical';
import { GUEST_NAME } from '../results/rules';
import type { ReportModel } from './model';
import type { QuestionnaireReportModel } from './questionnaire-model';

/*
 * The record keeps some values in English words (the medical form's choices, the flags' labels,
 * "None", the guest placeholder name): the report prints those known words in its language, and
 * anything else (a name, a kit, an option) as it was stored.
 */

const GENDER_KEYS = {
  Male: 'report.genderMale',
  Female: 'report.genderFemale',
} as const satisfies Record<(typeof GENDERS)[number], MessageId>;

const RACE_KEYS = {
  White: 'report.raceWhite',
  'Black or African American': 'report.raceBlack',
  'Hispanic or Latino': 'report.raceHispanic',
  Asian: 'report.raceAsian',
  'American Indian or Alaska Native': 'report.raceAmericanIndian',
  'Native Hawaiian or Other Pacific Islander': 'report.racePacificIslander',
  'Some Other Race': 'report.raceOther',
} as const satisfies Record<(typeof RACES)[number], MessageId>;

const FLAG_KEYS = {
  "Alzheimer's disease": 'report.flagAlzheimer',
  "Parkinson's disease": 'report.flagParkinson',
  'Head injury or concussion': 'report.flagHeadInjury',
  'Sinus or nasal disease': 'report.flagSinoNasal',
  'Other neurological disorder': 'report.flagOtherNeurological',
} as const satisfies Record<
  (typeof DISORDER_FLAGS)[number]['label'] | (typeof FAMILY_FLAGS)[number]['label'],
  MessageId
>;

const VALUE_KEYS: Record<string, MessageId> = { ...GENDER_KEYS, ...RACE_KEYS, ...FLAG_KEYS, None: 'report.none' };
const GUEST = `${GUEST_NAME.firstName} ${GUEST_NAME.lastName}`;

/** A stored value as the report prints it: a known English word in the report's language, else as stored. */
export const recordValue = (value: string, t: Translate): string => {
  const key = VALUE_KEYS[value];
  return key ? t(key) : value;
};

/** The guest placeholder in the report's language; a player's own name as it is. */
export const playerNameText = (name: string, t: Translate): string => (name === GUEST ? t('report.guestName') : name);

/** The report's model with its known English values in the report's language. */
export function localizedReportModel(model: ReportModel, t: Translate): ReportModel {
  const value = (v: string | null) => (v === null ? null : recordValue(v, t));
  const list = (items: string[] | null) => items?.map((i) => recordValue(i, t)) ?? null;
  return {
    ...model,
    playerName: playerNameText(model.playerName, t),
    gender: value(model.gender),
    race: value(model.race),
    disorders: list(model.disorders),
    familyHistory: list(model.familyHistory),
  };
}

/** The questionnaire's model with the guest placeholder in the report's language. */
export const localizedQuestionnaireModel = (
  model: QuestionnaireReportModel,
  t: Translate,
): QuestionnaireReportModel => ({
  ...model,
  playerName: playerNameText(model.playerName, t),
});
