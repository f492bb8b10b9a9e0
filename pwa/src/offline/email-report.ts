import type { EmailKind } from '@scentry/shared-schema';
import { callPlayer } from '../lib/api';
import { type Delivery, sendOrQueue } from './send-or-queue';

export type EmailOutcome = Delivery;

function base64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

export interface ReportEmail {
  kind: EmailKind;
  resultId: string;
  /** The player's name and the date (MM/DD/YYYY) the e-mail names. */
  name: string;
  date: string;
  email: string;
  pdf: Blob;
}

const ENDPOINT = { result: 'sendResultInEmail', questionnaire: 'sendQuestionnaireResultInEmail' } as const;

/**
 * E-mails a PDF (a result report or questionnaire answers) exactly once under a new id: at once
 * when it can, else kept on the device and pushed by the sync loop (see sendOrQueue). A refusal by
 * the server (bad address, too many e-mails) is thrown as ApiFailure.
 */
export async function emailPdf(mail: ReportEmail): Promise<EmailOutcome> {
  const id = crypto.randomUUID();
  const { kind, resultId, name, date, email, pdf } = mail;
  return sendOrQueue(
    resultId,
    async (state, writeKey) => {
      const form = new FormData();
      form.append(
        'model',
        JSON.stringify({
          Name: name,
          Email: email,
          Date: date,
          // A result the server refused (or never held) cannot be named; the PDF still goes.
          ...(state === 'uploaded' ? { TestResultId: resultId, WriteKey: writeKey } : {}),
          Id: id,
        }),
      );
      form.append('file', pdf, `${kind}.pdf`);
      await callPlayer(ENDPOINT[kind], { form });
    },
    async () => {
      const store = await import('./store');
      await store.queueEmailLocally({
        id,
        testResultId: resultId,
        kind,
        name,
        email,
        date,
        pdfBase64: await base64(pdf),
      });
    },
  );
}
