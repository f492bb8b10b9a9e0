import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CARDS_PER_KIT,
  DISORDER_FLAGS,
  FAMILY_FLAGS,
  flaggedLabels,
  type Language,
  nameIn,
  printedName,
} from '@scentry/shared-schema';
import {
  pngSize,
  type QuestionnaireReportModel,
  questionnaireFileName,
  type ReportModel,
  type ReportPictures,
  reportFileName,
} from '@scentry/shared-schema/result-document';
import type { QuestionnaireReportRecord, ResultReportRecord } from '../repositories/report-records';
import { type PictureDirs, STORED_NAME, sizedDir } from './uploads';
import type { WorkThread } from './work-thread';

/** A report made by the server from the stored record (API.md "E-mails and passes"). */
export interface ServerReport {
  fileName: string;
  pdf: Buffer;
  /** ISO time the result was played: the date the e-mail's text gives. */
  playedAt: string;
}

const text = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);

/** A medical flag column (`isAlzheimerDisease`, 0/1/null) under the form's key (`IsAlzheimerDisease`, boolean). */
function flagAnswers(result: ResultReportRecord['result']): Record<string, boolean | undefined> {
  const answers: Record<string, boolean | undefined> = {};
  for (const { key } of [...DISORDER_FLAGS, ...FAMILY_FLAGS]) {
    const column = `${key[0].toLowerCase()}${key.slice(1)}` as keyof typeof result;
    const v = result[column];
    answers[key] = v === null || v === undefined ? undefined : v === 1;
  }
  return answers;
}

/**
 * The shared layout's model of a stored result: what the player's own download says (see the
 * PWA's features/play/result/build-model.ts), from the server's record: names (the guest
 * placeholder until the medical form gives them), the kit as played, the server's score, each
 * card's choice as the kit version showed it (in `language` when staff named it so), the medical
 * answers, the provider.
 */
export function resultReportModel(record: ResultReportRecord, publicUrl: string, language: Language): ReportModel {
  const { result, cards } = record;
  const flags = flagAnswers(result);
  return {
    resultId: result.id,
    status: result.resultStatus === 'Pass' ? 'Pass' : 'Fail',
    rightAnswerCount: result.rightAnswerCount,
    cardCount: cards.length || CARDS_PER_KIT,
    playerName: printedName(result.firstName, result.lastName),
    playedAt: result.playedAt,
    kitName: record.kitName,
    provider: record.provider,
    age: result.age !== null && result.age > 0 ? result.age : null,
    gender: text(result.gender),
    race: text(result.race),
    disorders: flaggedLabels(flags, DISORDER_FLAGS),
    familyHistory: flaggedLabels(flags, FAMILY_FLAGS),
    cards: cards.map((c, i) => ({
      position: i + 1,
      cardName: nameIn(language, c.scentCardName, c.scentCardNames),
      choiceName: nameIn(language, c.answerName, c.answerNames),
      picture: c.answerStoredPath,
      right: c.isCorrect,
      intensity: c.smellIntensity,
    })),
    verifyUrl: `${publicUrl.replace(/\/+$/, '')}/verify/${result.id}`,
  };
}

/**
 * The option pictures of a report from UPLOADS_DIR (and this server's sized copies), by the URL path the detail rows stored
 * (`/uploads/<hash>.png`): the sized copy the device was served when there is one, else the
 * original. A picture that is gone or not a PNG is left out (the layout draws a placeholder).
 */
export function readReportPictures(dirs: PictureDirs, model: ReportModel): ReportPictures {
  const pictures: ReportPictures = new Map();
  for (const url of new Set(model.cards.map((c) => c.picture))) {
    const name = url?.startsWith('/uploads/') ? url.slice('/uploads/'.length) : null;
    if (!url || !name || !STORED_NAME.test(name)) continue;
    for (const file of [path.join(sizedDir(dirs.dataDir), name), path.join(dirs.uploadsDir, name)]) {
      try {
        const bytes = new Uint8Array(readFileSync(file));
        if (pngSize(bytes)) {
          pictures.set(url, bytes);
          break;
        }
      } catch {
        // Not there: the next place, or a placeholder.
      }
    }
  }
  return pictures;
}

/** The result report of a stored result in `language`, drawn in the work thread (tens of milliseconds of CPU). */
export async function renderResultReport(
  record: ResultReportRecord,
  options: PictureDirs & { publicUrl: string; work: WorkThread },
  language: Language,
): Promise<ServerReport> {
  const model = resultReportModel(record, options.publicUrl, language);
  const pictures = readReportPictures(options, model);
  const pdf = await options.work.run('report', { model, pictures, language });
  return { fileName: reportFileName(model, 'pdf'), pdf, playedAt: model.playedAt };
}

/** The shared layout's model of a stored questionnaire, as the player's questionnaire screens make it. */
export function questionnaireReportModel(record: QuestionnaireReportRecord): QuestionnaireReportModel {
  return {
    resultId: record.resultId,
    playerName: printedName(record.firstName, record.lastName),
    answeredAt: record.answeredAt,
    kitName: text(record.kitName),
    answers: record.answers.map((a) => ({ question: a.question, answer: a.answer })),
  };
}

/** The questionnaire report of a stored questionnaire in `language`, drawn in the work thread. */
export async function renderQuestionnaireReport(
  record: QuestionnaireReportRecord,
  work: WorkThread,
  language: Language,
): Promise<ServerReport> {
  const model = questionnaireReportModel(record);
  const pdf = await work.run('questionnaire', { model, language });
  return { fileName: questionnaireFileName(model), pdf, playedAt: record.playedAt };
}
