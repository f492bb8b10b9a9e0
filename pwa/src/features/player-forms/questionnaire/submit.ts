import { ApiFailure, callPlayer } from '../../../lib/api';
import { getStoredResult, setStoredResult } from '../../../lib/player';
import { sendOrQueue } from '../../../offline/send-or-queue';
import { type QuestionAnswer, toQueuedDoc, toSaveRequest } from './flow';
import { keepAnswers } from './kept';

/** 'sent': the server has it; 'queued': kept on the device, it uploads by itself; 'completed': the server already had one. */
export type SubmitOutcome = 'sent' | 'queued' | 'completed';

/** The stored answers a refused second questionnaire carries (`{answers: [{question, answer}]}`), or null. */
export function storedAnswersOf(data: unknown): QuestionAnswer[] | null {
  const rows = (data as { answers?: unknown } | null)?.answers;
  if (!Array.isArray(rows) || rows.length === 0) return null;
  const ok = rows.every((r) => r && typeof r.question === 'string' && (r.answer === 'Yes' || r.answer === 'No'));
  return ok ? (rows as QuestionAnswer[]).map(({ question, answer }) => ({ question, answer })) : null;
}

/** Marks the stored result's questionnaire as done (if it is still the stored result). */
export function markCompleted(testResultId: string): void {
  const stored = getStoredResult();
  if (stored?.testResultId === testResultId && stored.questionnaireCompleted !== true)
    setStoredResult({ ...stored, questionnaireCompleted: true });
}

/**
 * Submits the five answers of a result exactly once (spec §4): sent at once when the result is on
 * the server, else kept on the device under a new id and pushed by the sync loop. Then the result
 * counts as completed on this device and the answers are kept for the details page. A server that
 * already holds a questionnaire for the result (400 Warning) gives 'completed'; any other refusal
 * is thrown.
 */
export async function submitQuestionnaire(
  testResultId: string,
  answers: QuestionAnswer[],
  now: () => Date = () => new Date(),
): Promise<SubmitOutcome> {
  const formId = crypto.randomUUID();
  let outcome: SubmitOutcome;
  try {
    outcome = await sendOrQueue(
      testResultId,
      (_, writeKey, mark) =>
        callPlayer('saveQuestionnaireResult', {
          body: { ...toSaveRequest(testResultId, answers), WriteKey: writeKey, DeviceId: mark.deviceId, Seq: mark.seq },
        }),
      async (mark) => {
        const store = await import('../../../offline/store');
        await store.queueFormLocally({
          id: formId,
          testResultId,
          kind: 'questionnaire',
          doc: toQueuedDoc(answers),
          ...mark,
        });
      },
    );
  } catch (err) {
    if (err instanceof ApiFailure && err.httpStatus === 400 && err.isWarning) {
      markCompleted(testResultId);
      // The Warning carries the stored answers to the key's holder (API.md "Writing to a result"):
      // the device keeps those, never the refused ones, so its answers page says what the record says.
      const stored = storedAnswersOf(err.envelope.data);
      if (stored) keepAnswers({ testResultId, answers: stored, answeredAt: now().toISOString() });
      return 'completed';
    }
    throw err;
  }
  markCompleted(testResultId);
  keepAnswers({ testResultId, answers, answeredAt: now().toISOString() });
  return outcome;
}
