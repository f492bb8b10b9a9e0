import { answerText, questionText } from '@scentry/shared-schema/result-document/questionnaire-texts';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useT } from '../../../i18n';
import { localDateTime } from '../../../i18n/dates';
import { saveFile } from '../../../lib/download';
import { getPlayer, getStoredResult, type StoredResult } from '../../../lib/player';
import { emailReportAndTell } from '../../../offline/email-report';
import { SyncStatusPanel } from '../../../offline/sync-status';
import { EmailDialog } from '../../../ui/email-dialog';
import { Working } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast';
import { type KeptAnswers, keptAnswers } from './kept';
import { buildQuestionnaireModel } from './report-model';

// The report module (jsPDF) loads only when a PDF is made.
const loadReport = () => import('../../../result-document');

type Busy = 'pdf' | 'email' | null;

/** /additionalQuestionDetails (spec §2): the kept answers, as a PDF download or by e-mail. */
export function DetailsScreen({ result, kept }: { result: StoredResult; kept: KeptAnswers }) {
  const notify = useToast();
  const t = useT();
  const [busy, setBusy] = useState<Busy>(null);
  const [emailOpen, setEmailOpen] = useState(false);
  const model = useMemo(() => buildQuestionnaireModel(result, kept, getPlayer()), [result, kept]);

  async function makePdf(): Promise<Blob> {
    const report = await loadReport();
    return report.renderQuestionnairePdf(model, { paper: report.paperForLocale(navigator.language) });
  }

  async function download() {
    setBusy('pdf');
    try {
      const pdf = await makePdf();
      const { questionnaireFileName } = await loadReport();
      saveFile(pdf, questionnaireFileName(model));
    } catch {
      notify('error', t('questionnaire.pdfFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function sendEmail(email: string): Promise<boolean> {
    setBusy('email');
    try {
      // The server makes the PDF from its record: nothing to draw here.
      return await emailReportAndTell({ kind: 'questionnaire', resultId: model.resultId, email }, notify);
    } finally {
      setBusy(null);
    }
  }

  return (
    <article className="questionnaire-details stack" aria-labelledby="qd-title">
      <header className="center">
        <p className="eyebrow">{t('questionnaire.eyebrow')}</p>
        <h1 id="qd-title">{t('questionnaire.detailsTitle')}</h1>
        <p className="hint" data-testid="answered-at">
          {t('questionnaire.answeredAt', { date: localDateTime(model.answeredAt) })}
        </p>
      </header>

      <ol className="q-list" aria-label={t('questionnaire.list')}>
        {model.answers.map((a, i) => (
          <li key={a.question} className="q-list-row" data-testid="answer-row">
            <span className="q-list-number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="q-list-question">{questionText(a.question, t)}</span>
            <span className={a.answer === 'Yes' ? 'q-pill q-pill-yes' : 'q-pill'}>
              <span className="visually-hidden">{t('questionnaire.answer')} </span>
              {answerText(a.answer, t)}
            </span>
          </li>
        ))}
      </ol>

      <section className="result-actions" aria-label={t('questionnaire.actions')}>
        <button type="button" className="button" onClick={() => void download()} disabled={busy !== null}>
          {busy === 'pdf' ? <Working text={t('result.makingPdf')} /> : t('result.downloadPdf')}
        </button>
        <button type="button" className="button" onClick={() => setEmailOpen(true)} disabled={busy !== null}>
          {busy === 'email' ? <Working text={t('result.sending')} /> : t('email.title')}
        </button>
      </section>

      <p className="center">
        <Link to="/result" className="button button-ghost q-continue">
          {t('questionnaire.continueToResult')}
        </Link>
      </p>
      <SyncStatusPanel />
      <EmailDialog
        open={emailOpen}
        onClose={() => setEmailOpen(false)}
        onSend={sendEmail}
        hint={t('questionnaire.emailHint')}
      />
    </article>
  );
}

/** The route's component: the stored result and its kept answers (its beforeLoad made sure of both). */
export function DetailsRoute() {
  const [found] = useState(() => {
    const result = getStoredResult();
    const kept = result ? keptAnswers(result.testResultId) : null;
    return result && kept ? { result, kept } : null;
  });
  if (!found) return null;
  return <DetailsScreen result={found.result} kept={found.kept} />;
}
