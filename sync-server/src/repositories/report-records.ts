import type { LocalNames } from '@scentry/shared-schema';
import type { Selectable } from 'kysely';
import type { Db, TestResultsTable } from '../db/database';
import { loadSnapshot } from './kit-versions';
import { MEDICAL_COLUMNS, type QuestionnaireRow, questionnaireRows } from './player-forms';
import { resultDetails } from './results';

/** What a stored result's report says (services/report-pdf makes the shared layout's model of it). */
export interface ResultReportRecord {
  result: Selectable<Pick<TestResultsTable, 'id' | 'playedAt' | 'resultStatus' | 'rightAnswerCount'>> &
    Selectable<Pick<TestResultsTable, (typeof MEDICAL_COLUMNS)[number]>>;
  /** The kit's name as the played version gave it to the device (the current name if that snapshot is gone). */
  kitName: string;
  provider: { name: string; address: string | null; phone: string | null } | null;
  /** In card order: as the kit version showed the card and the chosen option. */
  cards: {
    cardSortOrder: number;
    scentCardName: string;
    /** The card's and the chosen option's names in other languages, as the played version had them. */
    scentCardNames: LocalNames;
    answerName: string;
    answerNames: LocalNames;
    answerStoredPath: string | null;
    isCorrect: boolean;
    smellIntensity: number;
  }[];
}

export async function resultReportRecord(db: Db, id: string): Promise<ResultReportRecord | undefined> {
  const row = await db
    .selectFrom('testResults as r')
    .innerJoin('testKits as k', 'k.id', 'r.testKitId')
    .leftJoin('organizations as o', 'o.id', 'r.organizationId')
    .select([
      'r.id',
      'r.playedAt',
      'r.resultStatus',
      'r.rightAnswerCount',
      'r.testKitId',
      'r.kitVersion',
      'k.name as currentKitName',
      'o.name as organizationName',
      'o.address as organizationAddress',
      'o.phone as organizationPhone',
      ...MEDICAL_COLUMNS.map((c) => `r.${c}` as const),
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const details = await resultDetails(db, id);
  const snapshot = await loadSnapshot(db, row.testKitId, row.kitVersion);
  const {
    testKitId: _k,
    kitVersion: _v,
    currentKitName,
    organizationName,
    organizationAddress,
    organizationPhone,
    ...result
  } = row;
  return {
    result,
    kitName: snapshot?.name ?? currentKitName,
    provider: organizationName
      ? { name: organizationName, address: organizationAddress, phone: organizationPhone }
      : null,
    cards: details.map((d) => {
      const card = snapshot?.cards.find((c) => c.id === d.scentCardId);
      return {
        cardSortOrder: d.cardSortOrder,
        scentCardName: d.scentCardName,
        scentCardNames: card?.names ?? {},
        answerName: d.answerName,
        answerNames: card?.options.find((o) => o.scentOptionId === d.scentOptionId)?.names ?? {},
        answerStoredPath: d.answerStoredPath,
        isCorrect: d.isCorrect,
        smellIntensity: d.smellIntensity,
      };
    }),
  };
}

/** What a stored questionnaire's document says: its answers, when they were stored, whose result. */
export interface QuestionnaireReportRecord {
  resultId: string;
  firstName: string;
  lastName: string;
  kitName: string;
  playedAt: string;
  answeredAt: string;
  answers: QuestionnaireRow[];
}

export async function questionnaireReportRecord(db: Db, id: string): Promise<QuestionnaireReportRecord | undefined> {
  const row = await db
    .selectFrom('testResults as r')
    .innerJoin('testKits as k', 'k.id', 'r.testKitId')
    .select([
      'r.id',
      'r.firstName',
      'r.lastName',
      'r.playedAt',
      'r.testKitId',
      'r.kitVersion',
      'k.name as currentKitName',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const answers = await questionnaireRows(db, id);
  if (!answers.length) return undefined;
  const stored = await db
    .selectFrom('questionnaireAnswers')
    .select((eb) => eb.fn.min<string>('createdAt').as('at'))
    .where('testResultId', '=', id)
    .executeTakeFirstOrThrow();
  const snapshot = await loadSnapshot(db, row.testKitId, row.kitVersion);
  return {
    resultId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    kitName: snapshot?.name ?? row.currentKitName,
    playedAt: row.playedAt,
    answeredAt: stored.at,
    answers,
  };
}
