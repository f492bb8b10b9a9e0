import { type EmailKind, type Language, REPORT_MSG } from '@scentry/shared-schema';
import { currentLanguage } from '../i18n';
import { serverMessage } from '../i18n/server-message';
import { ApiFailure, callPlayer } from '../lib/api';
import { type Delivery, sendOrQueue } from './send-or-queue';

export type EmailOutcome = Delivery;

export interface ReportEmail {
  kind: EmailKind;
  resultId: string;
  email: string;
  /** The language of the e-mail's text and attachment, written by the server (API.md); the player's by default. */
  language?: Language;
}

const ENDPOINT = { result: 'sendResultInEmail', questionnaire: 'sendQuestionnaireResultInEmail' } as const;

/** The result (or its questionnaire) is not on the server yet: kept on the device and sent once it is. */
class NotStoredYet extends Error {}

/**
 * E-mails a stored result's report or questionnaire answers exactly once under a new id: the
 * server makes the PDF from its record and writes the text (API.md "E-mails and passes"), so the
 * device sends only who gets it, the result and its key. At once when it can; else — offline, the
 * result or questionnaire not on the server yet — kept on the device and pushed by the sync loop
 * once they are (see sendOrQueue). A refusal by the server (bad address, too many e-mails) is
 * thrown as ApiFailure.
 */
export async function emailReport(mail: ReportEmail): Promise<EmailOutcome> {
  const id = crypto.randomUUID();
  // The player's language now: a queued e-mail keeps it, whatever the app speaks when it goes.
  const { kind, resultId, email, language = currentLanguage() } = mail;
  return sendOrQueue(
    resultId,
    async (_state, writeKey, mark) => {
      const form = new FormData();
      form.append(
        'model',
        JSON.stringify({
          Email: email,
          TestResultId: resultId,
          ...(writeKey ? { WriteKey: writeKey } : {}),
          Language: language,
          Id: id,
          DeviceId: mark.deviceId,
          Seq: mark.seq,
        }),
      );
      try {
        await callPlayer(ENDPOINT[kind], { form });
      } catch (err) {
        // 404: what it is about has not reached the server yet; queued, it goes after it.
        if (err instanceof ApiFailure && err.httpStatus === 404) throw new NotStoredYet(err.message);
        throw err;
      }
    },
    async (mark) => {
      const store = await import('./store');
      // The RxDB document keeps its older fields (name, date, PDF) empty: the server needs none.
      await store.queueEmailLocally({
        id,
        testResultId: resultId,
        kind,
        email,
        language,
        name: '',
        date: '',
        pdfBase64: '',
        ...mark,
      });
    },
  );
}

const SENT_MSG: Record<EmailKind, string> = {
  result: REPORT_MSG.resultSent,
  questionnaire: REPORT_MSG.questionnaireSent,
};

/**
 * The e-mail dialog's send, as both report screens tell it: sent, or kept to go later; a
 * refusal shown with the server's words (a Warning as a warning). Whether the dialog may close.
 */
export async function emailReportAndTell(
  mail: ReportEmail,
  notify: (kind: 'success' | 'info' | 'warning' | 'error', message: string) => void,
): Promise<boolean> {
  try {
    const outcome = await emailReport(mail);
    // The API's words are English (the contract): the player reads them in their language.
    if (outcome === 'sent') notify('success', serverMessage(SENT_MSG[mail.kind]));
    else notify('info', serverMessage(REPORT_MSG.emailQueued));
    return true;
  } catch (err) {
    notify(err instanceof ApiFailure && err.isWarning ? 'warning' : 'error', serverMessage((err as Error).message));
    return false;
  }
}
