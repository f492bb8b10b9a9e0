import type { Selectable } from 'kysely';
import type { Db, TestResultsTable } from '../db/database';

/** The medical columns of a result, as the medical form fills them (flags 0/1). */
export const MEDICAL_COLUMNS = [
  'firstName',
  'lastName',
  'age',
  'gender',
  'race',
  'isAlzheimerDisease',
  'isParkinsonDisease',
  'isHeadInjuriesConcussion',
  'isSinoNasalDisease',
  'isOtherNeurologicalDisorder',
  'isAlzheimerDiseaseInFamily',
  'isParkinsonDiseaseInFamily',
  'isOtherNeurologicalDisorderInFamily',
] as const;

export type MedicalColumns = Selectable<Pick<TestResultsTable, (typeof MEDICAL_COLUMNS)[number]>>;

const FORM_STATE_COLUMNS = [
  'id',
  'organizationId',
  'questionnaireCompleted',
  'questionnaireDocId',
  'medicalDocId',
  'medicalUpdatedAt',
  'writeKeyHash',
  ...MEDICAL_COLUMNS,
] as const;

/** What the player's forms need to know of a result: whose forms are stored, and under which ids. */
export type FormState = Selectable<Pick<TestResultsTable, (typeof FORM_STATE_COLUMNS)[number]>>;

export const findFormState = (db: Db, resultId: string): Promise<FormState | undefined> =>
  db.selectFrom('testResults').select(FORM_STATE_COLUMNS).where('id', '=', resultId).executeTakeFirst();

export interface QuestionnaireRow {
  question: string;
  answer: string;
}

/** The stored questionnaire of a result, in question order. */
export const questionnaireRows = (db: Db, resultId: string): Promise<QuestionnaireRow[]> =>
  db
    .selectFrom('questionnaireAnswers')
    .select(['question', 'answer'])
    .where('testResultId', '=', resultId)
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();

/** The result a pushed form's document id is stored on, if any. */
export async function resultOfFormDoc(
  db: Db,
  kind: 'questionnaire' | 'medical',
  docId: string,
): Promise<string | undefined> {
  const column = kind === 'questionnaire' ? 'questionnaireDocId' : 'medicalDocId';
  const row = await db.selectFrom('testResults').select('id').where(column, '=', docId).executeTakeFirst();
  return row?.id;
}

/**
 * Marks the result's questionnaire completed (under the document id, when one was sent) unless it
 * already is, and stores its rows 1..n: whether this call stored it. Run inside a transaction.
 */
export async function insertQuestionnaire(
  db: Db,
  resultId: string,
  docId: string | null,
  rows: QuestionnaireRow[],
): Promise<boolean> {
  const claimed = await db
    .updateTable('testResults')
    .set({ questionnaireCompleted: 1, questionnaireDocId: docId })
    .where('id', '=', resultId)
    .where('questionnaireCompleted', '=', 0)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  await db
    .insertInto('questionnaireAnswers')
    .values(rows.map((r, i) => ({ testResultId: resultId, sortOrder: i + 1, question: r.question, answer: r.answer })))
    .execute();
  return true;
}

/**
 * Writes the medical form onto the result (names, age, gender, race, flags, the time, the document
 * id and, when given, the organization) unless one is stored already: whether this call stored it.
 */
export async function updateMedical(
  db: Db,
  resultId: string,
  fields: MedicalColumns & { medicalDocId: string | null; medicalUpdatedAt: string; organizationId?: number },
): Promise<boolean> {
  const updated = await db
    .updateTable('testResults')
    .set(fields)
    .where('id', '=', resultId)
    .where('medicalUpdatedAt', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Whether an active, live organization has this id (one a player may choose). */
export async function organizationIsChoosable(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', id)
    .where('isActive', '=', 1)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}
