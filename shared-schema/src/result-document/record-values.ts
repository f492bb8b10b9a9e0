import type { Translate } from '../i18n/catalogue';
import { recordValue } from '../i18n/values';
import { GUEST_NAME } from '../results/rules';
import type { ReportModel } from './model';
import type { QuestionnaireReportModel } from './questionnaire-model';

/*
 * The record keeps some values in English words (the medical form's choices, the flags' labels,
 * "None", the guest placeholder name): the report prints those known words in its language, and
 * anything else (a name, a kit, an option) as it was stored.
 */

const GUEST = `${GUEST_NAME.firstName} ${GUEST_NAME.lastName}`;

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
