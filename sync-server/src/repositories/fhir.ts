import type { Db } from '../db/database';
import type { ResultDetail } from './results';

/**
 * What the FHIR resources of a result are made from (services/fhir.ts): the stored result, its
 * organization's disclosure, its answers, its questionnaire and medical form. Never its place.
 */
export interface FhirRecord {
  id: string;
  organizationId: number | null;
  /** The result's organization discloses player names (1); null without an organization. */
  discloseUserDetails: number | null;
  firstName: string | null;
  lastName: string | null;
  playedAt: string;
  resultStatus: string;
  rightAnswerCount: number;
  age: number | null;
  gender: string | null;
  race: string | null;
  isAlzheimerDisease: number | null;
  isParkinsonDisease: number | null;
  isHeadInjuriesConcussion: number | null;
  isSinoNasalDisease: number | null;
  isOtherNeurologicalDisorder: number | null;
  isAlzheimerDiseaseInFamily: number | null;
  isParkinsonDiseaseInFamily: number | null;
  isOtherNeurologicalDisorderInFamily: number | null;
  /** When the medical form was stored; null: not stored. */
  medicalUpdatedAt: string | null;
  /** The answers as played, in card order ([] without an answers row). */
  answers: ResultDetail[];
  /** The COVID-19 questionnaire as stored, in question order ([] when not answered). */
  questionnaire: { sortOrder: number; question: string; answer: string }[];
  /** When the questionnaire was stored; null: not answered. */
  questionnaireAt: string | null;
}

/**
 * The FHIR records of these results (at most a few hundred ids a call), in no particular order;
 * an unknown id is left out. Three reads whatever the number of ids.
 */
export async function fhirRecords(db: Db, ids: readonly string[]): Promise<FhirRecord[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('testResults as r')
    .leftJoin('organizations as o', 'o.id', 'r.organizationId')
    .select([
      'r.id',
      'r.organizationId',
      'o.discloseUserDetails',
      'r.firstName',
      'r.lastName',
      'r.playedAt',
      'r.resultStatus',
      'r.rightAnswerCount',
      'r.age',
      'r.gender',
      'r.race',
      'r.isAlzheimerDisease',
      'r.isParkinsonDisease',
      'r.isHeadInjuriesConcussion',
      'r.isSinoNasalDisease',
      'r.isOtherNeurologicalDisorder',
      'r.isAlzheimerDiseaseInFamily',
      'r.isParkinsonDiseaseInFamily',
      'r.isOtherNeurologicalDisorderInFamily',
      'r.medicalUpdatedAt',
    ])
    .where('r.id', 'in', ids)
    .execute();
  if (!rows.length) return [];
  const found = rows.map((r) => r.id);
  const answers = new Map(
    (
      await db
        .selectFrom('testResultAnswers')
        .select(['testResultId', 'answers'])
        .where('testResultId', 'in', found)
        .execute()
    ).map((a) => [a.testResultId, JSON.parse(a.answers) as ResultDetail[]]),
  );
  const questionnaires = new Map<string, FhirRecord['questionnaire']>();
  const answeredAt = new Map<string, string>();
  const questions = await db
    .selectFrom('questionnaireAnswers')
    .select(['testResultId', 'sortOrder', 'question', 'answer', 'createdAt'])
    .where('testResultId', 'in', found)
    .orderBy('testResultId')
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
  for (const q of questions) {
    const list = questionnaires.get(q.testResultId) ?? [];
    list.push({ sortOrder: q.sortOrder, question: q.question, answer: q.answer });
    questionnaires.set(q.testResultId, list);
    const at = answeredAt.get(q.testResultId);
    if (!at || q.createdAt < at) answeredAt.set(q.testResultId, q.createdAt);
  }
  return rows.map((r) => ({
    ...r,
    discloseUserDetails: r.discloseUserDetails ?? null,
    answers: answers.get(r.id) ?? [],
    questionnaire: questionnaires.get(r.id) ?? [],
    questionnaireAt: answeredAt.get(r.id) ?? null,
  }));
}
