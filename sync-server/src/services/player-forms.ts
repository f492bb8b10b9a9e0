import {
  type Contract,
  MEDICAL_FLAG_KEYS,
  MEDICAL_MSG,
  type MedicalFlagKey,
  type MedicalRequest,
  medicalDocSchema,
  PLAY_MSG,
  parseRequest,
  QUESTIONNAIRE_MSG,
  questionnaireDocSchema,
} from '@scentry/shared-schema';
import { type Db, inTransaction, nowIso } from '../db/database';
import { isWriteRace } from '../db/dialect';
import { type ApiError, forbidden, invalid, notFound, warning } from '../lib/errors';
import { sentId } from '../lib/push';
import type { ContractRequest } from '../lib/route';
import { holdsWriteKey, writeKeyMatches } from '../lib/write-key';
import {
  type FormState,
  findFormState,
  insertQuestionnaire,
  type MedicalColumns,
  organizationIsChoosable,
  type QuestionnaireRow,
  questionnaireRows,
  resultOfFormDoc,
  updateMedical,
} from '../repositories/player-forms';
import { type DeviceMark, markOf, recordAnswer, recordRefusal } from './devices';
import { queueEvent } from './webhooks';

export type FormKind = 'questionnaire' | 'medical';

export type FormOutcome =
  /** Stored now. */
  | { outcome: 'stored' }
  /** The same record is stored already: nothing written. */
  | { outcome: 'duplicate' }
  /**
   * The result holds another record of this form (or the document id belongs to another result);
   * `stored` is that record, only for the holder of the result's write key.
   */
  | { outcome: 'conflict'; stored?: StoredForm }
  /** The result has a write key and it was not sent (API.md "Writing to a result"). */
  | { outcome: 'forbidden' }
  /** No result with this id has reached the server. */
  | { outcome: 'unknownResult' }
  /** Valid in shape, but it names something it may not (an organization players cannot choose). */
  | { outcome: 'invalid'; reason: string };

/** A stored form as a refused direct request gets it back (camelCase; API.md "Writing to a result"). */
export type StoredForm =
  | { answers: QuestionnaireRow[] }
  | (Record<string, string | number | boolean | null> & { firstName: string; lastName: string });

/**
 * Whether what is sent is the record stored. The document id is the identity when both sides
 * have one (the push: same id, same content); the direct endpoints send none, so their content
 * is the identity (a resend after a lost reply is recognised).
 */
function sameRecord(storedDocId: string | null, sentDocId: string | null, sameContent: boolean): boolean {
  if (storedDocId !== null && sentDocId !== null) return storedDocId === sentDocId && sameContent;
  return sameContent;
}

/**
 * Runs one attempt; a second one when another writer got in between (SQLite's single connection
 * serialises our transactions, so this is for a database shared with another process): the
 * second sees that writer's record (duplicate or conflict).
 */
async function once(work: () => Promise<FormOutcome>): Promise<FormOutcome> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof LostRace) && !isWriteRace(err)) throw err;
    return work();
  }
}

class LostRace extends Error {}

/**
 * A form's transaction that also records the device's answer (API.md "Devices") in it: stored,
 * duplicate, conflict, or refused with the reason the push gives.
 */
function recorded(
  kind: FormKind,
  mark: DeviceMark | null | undefined,
  docId: string | null,
  resultId: string,
  work: (trx: Db) => Promise<FormOutcome>,
): (trx: Db) => Promise<FormOutcome> {
  return async (trx) => {
    const outcome = await work(trx);
    const o = outcome.outcome;
    await recordAnswer(trx, mark ?? null, {
      kind,
      documentId: docId,
      resultId,
      outcome: o === 'stored' || o === 'duplicate' || o === 'conflict' ? o : 'refused',
      reason: o === 'stored' || o === 'duplicate' ? null : formRejection(kind, outcome),
    });
    return outcome;
  };
}

/**
 * A form's transaction on PostgreSQL: READ COMMITTED. Its races are settled row by row: the claim
 * is a conditional update of the result's row (a second writer, after waiting for the first,
 * updates nothing and loses: LostRace), a document id by its unique index. A medical form naming
 * an organization moves its result's kit tallies, rows every form of that kit and day raises:
 * under SERIALIZABLE a crowd of forms failed on them past the retries (two instances, 40 at once).
 */
const FORM_TRANSACTION = { isolation: 'read committed' } as const;

// ── Questionnaire ───────────────────────────────────────────────────────────

export interface QuestionnaireSubmission {
  /** The device UUID of a pushed document; null from the direct endpoint. */
  docId: string | null;
  testResultId: string;
  /** The result's write key as sent (needed when the result has one). */
  writeKey?: string | null;
  /** Validated by the shared schema: five rows, a question of 1–200 characters, Yes or No in any case. */
  answers: { question: string; answer: string }[];
  /** The device's number for it (API.md "Devices"); its answer is recorded with the form. */
  mark?: DeviceMark | null;
}

/** Yes or No as stored, whatever case was sent. */
const normalisedAnswer = (answer: string): 'Yes' | 'No' => (answer.trim().toLowerCase() === 'yes' ? 'Yes' : 'No');

const sameRows = (a: QuestionnaireRow[], b: QuestionnaireRow[]) =>
  a.length === b.length && a.every((r, i) => r.question === b[i]?.question && r.answer === b[i]?.answer);

/**
 * Stores a result's questionnaire exactly once, for SaveQuestionnaireResult and the push: its rows
 * (questions as sent, answers Yes/No) and the result's completed flag, in one transaction. A
 * result's questionnaire is answered once: another one is a conflict whatever it says; the same
 * one again (same document id, or the same rows from the direct endpoint) is a duplicate.
 */
export function saveQuestionnaire(db: Db, sent: QuestionnaireSubmission): Promise<FormOutcome> {
  const resultId = sent.testResultId.toLowerCase();
  const docId = sent.docId?.toLowerCase() ?? null;
  const rows = sent.answers.map((a) => ({ question: a.question, answer: normalisedAnswer(a.answer) }));
  return once(() =>
    inTransaction(
      db,
      recorded('questionnaire', sent.mark, docId, resultId, async (trx): Promise<FormOutcome> => {
        const state = await findFormState(trx, resultId);
        if (!state) return { outcome: 'unknownResult' };
        if (!writeKeyMatches(state.writeKeyHash, sent.writeKey)) return { outcome: 'forbidden' };
        if (state.questionnaireCompleted === 1) {
          const stored = await questionnaireRows(trx, resultId);
          if (sameRecord(state.questionnaireDocId, docId, sameRows(stored, rows))) return { outcome: 'duplicate' };
          return holdsWriteKey(state.writeKeyHash, sent.writeKey)
            ? { outcome: 'conflict', stored: { answers: stored } }
            : { outcome: 'conflict' };
        }
        if (docId !== null && (await resultOfFormDoc(trx, 'questionnaire', docId)) !== undefined) {
          return { outcome: 'conflict' };
        }
        if (!(await insertQuestionnaire(trx, resultId, docId, rows))) throw new LostRace();
        if (state.organizationId !== null)
          await queueEvent(trx, state.organizationId, 'questionnaire.stored', resultId);
        return { outcome: 'stored' };
      }),
      FORM_TRANSACTION,
    ),
  );
}

// ── Medical information ─────────────────────────────────────────────────────

/** The medical record as sent: the form, names optional (SaveUserMedicalInformation, MedicalDoc). */
export type MedicalRecord = Omit<MedicalRequest, 'TestResultId' | 'WriteKey' | 'OrganizationId' | 'DeviceId' | 'Seq'>;

export interface MedicalSubmission {
  /** The device UUID of a pushed document; null from the direct endpoint. */
  docId: string | null;
  testResultId: string;
  /** The result's write key as sent (needed when the result has one). */
  writeKey?: string | null;
  /** Validated by the shared schema (spec §5 Home rules); names trimmed. */
  form: MedicalRecord;
  organizationId: number | null | undefined;
  mark?: DeviceMark | null;
}

const column = (key: MedicalFlagKey) => `${key[0].toLowerCase()}${key.slice(1)}` as keyof MedicalColumns;

/** The form as the result's columns hold it (flags 0/1). */
function medicalColumns(form: MedicalRecord): MedicalColumns {
  const flags = Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [column(k), form[k] ? 1 : 0]));
  return {
    // Without names (the spec's body) the result keeps its own: only the names sent are written and compared.
    ...(form.FirstName !== undefined ? { firstName: form.FirstName } : {}),
    ...(form.LastName !== undefined ? { lastName: form.LastName } : {}),
    age: form.Age,
    gender: form.Gender,
    race: form.Race,
    ...flags,
  } as MedicalColumns;
}

/** The stored medical record as the form has it (flags as booleans), with its organization. */
function storedMedical(state: FormState): StoredForm {
  const flags = Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [column(k), state[column(k)] === 1]));
  return {
    firstName: state.firstName,
    lastName: state.lastName,
    age: state.age,
    gender: state.gender,
    race: state.race,
    ...flags,
    organizationId: state.organizationId,
  };
}

const sameMedical = (state: FormState, sent: MedicalColumns) =>
  (Object.keys(sent) as (keyof MedicalColumns)[]).every((k) => state[k] === sent[k]);

/**
 * Stores a result's medical form exactly once, for SaveUserMedicalInformation and the push: the
 * names (replacing the placeholder), age, gender, race and flags on the result. The same record
 * again is a duplicate; another one a conflict. The organization is not part of the record: it is
 * set with the first record while the result has none (never replacing one), and then it must be
 * one players may choose (active): else the direct endpoint refuses the record, and a pushed one
 * (made offline, maybe before the provider was deactivated) is stored without it.
 */
export function saveMedical(db: Db, sent: MedicalSubmission): Promise<FormOutcome> {
  const resultId = sent.testResultId.toLowerCase();
  const docId = sent.docId?.toLowerCase() ?? null;
  const fields = medicalColumns(sent.form);
  return once(() =>
    inTransaction(
      db,
      recorded('medical', sent.mark, docId, resultId, async (trx): Promise<FormOutcome> => {
        const state = await findFormState(trx, resultId);
        if (!state) return { outcome: 'unknownResult' };
        if (!writeKeyMatches(state.writeKeyHash, sent.writeKey)) return { outcome: 'forbidden' };
        if (state.medicalUpdatedAt !== null) {
          if (sameRecord(state.medicalDocId, docId, sameMedical(state, fields))) return { outcome: 'duplicate' };
          return holdsWriteKey(state.writeKeyHash, sent.writeKey)
            ? { outcome: 'conflict', stored: storedMedical(state) }
            : { outcome: 'conflict' };
        }
        if (docId !== null && (await resultOfFormDoc(trx, 'medical', docId)) !== undefined) {
          return { outcome: 'conflict' };
        }
        let organizationId = state.organizationId === null ? (sent.organizationId ?? null) : null;
        if (organizationId !== null && !(await organizationIsChoosable(trx, organizationId))) {
          // A form made offline is never lost because its provider was deactivated meanwhile: it
          // is stored without one (as results are). Online, the player is told and can choose again.
          if (docId === null) return { outcome: 'invalid', reason: MEDICAL_MSG.organizationUnavailable };
          organizationId = null;
        }
        const stored = await updateMedical(trx, resultId, {
          ...fields,
          medicalDocId: docId,
          medicalUpdatedAt: nowIso(),
          ...(organizationId !== null ? { organizationId } : {}),
        });
        if (!stored) throw new LostRace();
        // The result's webhooks hear of it: of the result first when the form gave it its organization.
        if (organizationId !== null) await queueEvent(trx, organizationId, 'result.stored', resultId);
        const eventsTo = state.organizationId ?? organizationId;
        if (eventsTo !== null) await queueEvent(trx, eventsTo, 'medical.stored', resultId);
        return { outcome: 'stored' };
      }),
      FORM_TRANSACTION,
    ),
  );
}

// ── How the endpoints word an outcome ───────────────────────────────────────

const CONFLICT_MSG: Record<FormKind, string> = {
  questionnaire: QUESTIONNAIRE_MSG.completed,
  medical: MEDICAL_MSG.conflict,
};
const UNKNOWN_MSG: Record<FormKind, string> = {
  questionnaire: QUESTIONNAIRE_MSG.resultUnknown,
  medical: MEDICAL_MSG.resultUnknown,
};

/** Why the push refuses a document for good, or null when it was taken (now or before). */
export function formRejection(kind: FormKind, outcome: FormOutcome): string | null {
  switch (outcome.outcome) {
    case 'conflict':
      return CONFLICT_MSG[kind];
    case 'unknownResult':
      return UNKNOWN_MSG[kind];
    case 'forbidden':
      return PLAY_MSG.notAllowedForResult;
    case 'invalid':
      return outcome.reason;
    default:
      return null;
  }
}

/** The refusal of a direct endpoint (400 Warning, 404, 400 Failure), or null when it was taken. */
export function formRefusal(kind: FormKind, outcome: FormOutcome): ApiError | null {
  switch (outcome.outcome) {
    case 'conflict':
      return warning(CONFLICT_MSG[kind], null, outcome.stored ?? null);
    case 'unknownResult':
      return notFound(UNKNOWN_MSG[kind]);
    case 'forbidden':
      return forbidden(PLAY_MSG.notAllowedForResult);
    case 'invalid':
      return invalid(outcome.reason, 'OrganizationId: not an active organization');
    default:
      return null;
  }
}

/** A refusal of the push: the document's id as sent and why (nothing else is echoed). */
export interface FormRefusal {
  id: string;
  rejected: true;
  reason: string;
}

export type PushQuestionnairesBody = ContractRequest<Contract['pushQuestionnaires']>['body'];
export type PushMedicalBody = ContractRequest<Contract['pushMedical']>['body'];

/**
 * Questionnaires answered offline (API.md "Sync"): each document checked on its own and stored
 * exactly once by its id; the refusals only.
 */
export async function pushQuestionnaires(db: Db, rows: PushQuestionnairesBody): Promise<FormRefusal[]> {
  const refusals: FormRefusal[] = [];
  for (const { newDocumentState: doc } of rows) {
    const parsed = parseRequest(questionnaireDocSchema, doc);
    const reason = parsed.ok
      ? formRejection(
          'questionnaire',
          await saveQuestionnaire(db, {
            docId: parsed.data.id,
            testResultId: parsed.data.testResultId,
            writeKey: parsed.data.writeKey,
            answers: parsed.data.answers,
            mark: markOf(parsed.data),
          }),
        )
      : parsed.message;
    if (!parsed.ok) await recordRefusal(db, doc, 'questionnaire', parsed.message);
    if (reason !== null) refusals.push({ id: sentId(doc), rejected: true, reason });
  }
  return refusals;
}

/** Medical forms made offline: as the questionnaires. */
export async function pushMedical(db: Db, rows: PushMedicalBody): Promise<FormRefusal[]> {
  const refusals: FormRefusal[] = [];
  for (const { newDocumentState: doc } of rows) {
    const parsed = parseRequest(medicalDocSchema, doc);
    let reason: string | null;
    if (parsed.ok) {
      const { Id, TestResultId, OrganizationId, WriteKey, DeviceId, Seq, ...form } = parsed.data;
      const outcome = await saveMedical(db, {
        docId: Id,
        testResultId: TestResultId,
        writeKey: WriteKey,
        form,
        organizationId: OrganizationId,
        mark: markOf({ deviceId: DeviceId, seq: Seq }),
      });
      reason = formRejection('medical', outcome);
    } else {
      reason = parsed.message;
      await recordRefusal(db, doc, 'medical', parsed.message);
    }
    if (reason !== null) refusals.push({ id: sentId(doc), rejected: true, reason });
  }
  return refusals;
}
