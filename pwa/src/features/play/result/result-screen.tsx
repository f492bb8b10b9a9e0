import { intensityKey, REPORT_MSG, recordValue } from '@scentry/shared-schema';
import type { ReportModel } from '@scentry/shared-schema/result-document';
import { playerNameText, REPORT_BRAND } from '@scentry/shared-schema/result-document';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useLanguage, useT } from '../../../i18n';
import { localDateTime } from '../../../i18n/dates';
import { serverMessage } from '../../../i18n/server-message';
import { ApiFailure, callPlayer } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import {
  getPlayer,
  getStoredResult,
  type MedicalRecord,
  type StoredResult,
  setStoredResult,
} from '../../../lib/player';
import { knownPublicUrl } from '../../../lib/public-url';
import { emailReportAndTell } from '../../../offline/email-report';
import { useSyncStatus } from '../../../offline/status';
import { SyncStatusPanel } from '../../../offline/sync-status';
import { EmailDialog } from '../../../ui/email-dialog';
import { HistorySwitch } from '../../../ui/history-switch';
import { LegalLinks } from '../../../ui/legal-links';
import { Working } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast';
import { useMedicalRecord } from '../../player-forms/medical/record';
import { keptAnswers } from '../../player-forms/questionnaire/kept';
import { buildReportModel } from './build-model';
import { useProvider } from './provider';
import { fetchWalletPass } from './wallet-pass';

type Busy = 'pdf' | 'png' | 'wallet' | 'email' | null;

// The report module (jsPDF, the QR encoder) loads only when a file is made.
const loadReport = () => import('../../../result-document');

/** Whether the questionnaire of this result is done: the kept answer at once, the server's when reachable. */
function useCompleted(result: StoredResult): boolean {
  const [completed, setCompleted] = useState(result.questionnaireCompleted === true);
  useEffect(() => {
    if (completed) return;
    let live = true;
    callPlayer('findTestResultId', { query: { id: result.testResultId } })
      .then(({ isCompleted }) => {
        if (!isCompleted || !live) return;
        const stored = getStoredResult();
        if (stored?.testResultId === result.testResultId) setStoredResult({ ...stored, questionnaireCompleted: true });
        setCompleted(true);
      })
      // Offline, or not uploaded yet: the questionnaire can still be answered (it waits on the device).
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [result.testResultId, completed]);
  return completed;
}

/** /result (spec §2): the stored result as a report, with its PDF, image, wallet pass and e-mail. */
export function ResultScreen({ result }: { result: StoredResult }) {
  const navigate = useNavigate();
  const notify = useToast();
  const t = useT();
  const language = useLanguage();
  const { online } = useSyncStatus();
  const provider = useProvider(result.organizationId);
  const completed = useCompleted(result);
  const medical = useMedicalRecord(result);
  const [busy, setBusy] = useState<Busy>(null);
  const [emailOpen, setEmailOpen] = useState(false);
  // A phone can report itself online with no working network (poor reception): a failed signing
  // request says so too, until the next try.
  const [walletUnreachable, setWalletUnreachable] = useState(false);
  const walletNeedsConnection = !online || walletUnreachable;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `medical` too: a stored form the server sent back replaces the device's copy (player data).
  const model = useMemo<ReportModel>(
    () => buildReportModel(result, getPlayer(), provider, knownPublicUrl() ?? window.location.origin, language),
    [result, provider, medical, language],
  );
  const passed = model.status === 'Pass';

  async function makeFile(kind: 'pdf' | 'png'): Promise<Blob> {
    const report = await loadReport();
    const pictures = await report.loadReportPictures(model);
    const options = { paper: report.paperForLocale(navigator.language) };
    return kind === 'pdf'
      ? report.renderReportPdf(model, pictures, options)
      : report.renderReportPng(model, pictures, options);
  }

  async function download(kind: 'pdf' | 'png') {
    setBusy(kind);
    try {
      const blob = await makeFile(kind);
      const { reportFileName } = await loadReport();
      saveFile(blob, reportFileName(model, kind));
    } catch {
      notify('error', t('result.reportFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function addToWallet() {
    setBusy('wallet');
    setWalletUnreachable(false);
    try {
      const pass = await fetchWalletPass(model.resultId);
      saveFile(
        new Blob([pass.blob], { type: 'application/vnd.apple.pkpass' }),
        pass.fileName ?? 'Scentry-result.pkpass',
      );
    } catch (err) {
      const offline = err instanceof ApiFailure && err.httpStatus === 0;
      if (offline) setWalletUnreachable(true);
      notify('error', serverMessage(offline ? REPORT_MSG.passNeedsConnection : (err as Error).message));
    } finally {
      setBusy(null);
    }
  }

  async function sendEmail(email: string): Promise<boolean> {
    setBusy('email');
    try {
      // The server makes the PDF from its record: nothing to draw here.
      return await emailReportAndTell({ kind: 'result', resultId: model.resultId, email }, notify);
    } finally {
      setBusy(null);
    }
  }

  function openQuestions() {
    if (completed) notify('warning', serverMessage(REPORT_MSG.testCompleted));
    else navigate({ to: '/additionalQuestion' });
  }

  return (
    <article className="report-page stack" aria-labelledby="result-title">
      <header className={`result-banner ${passed ? 'result-pass' : 'result-fail'}`}>
        <p className="eyebrow">{t('report.title')}</p>
        <h1 id="result-title">{passed ? t('result.passed') : t('result.failed')}</h1>
        <p data-testid="score">{t('report.score', { right: model.rightAnswerCount, cards: model.cardCount })}</p>
      </header>

      <section className="result-keep stack" aria-labelledby="keep-title">
        <h2 id="keep-title" className="result-keep-title">
          {t('result.keepTitle')}
        </h2>
        <div className="result-actions">
          <button type="button" className="button" onClick={() => void download('pdf')} disabled={busy !== null}>
            {busy === 'pdf' ? <Working text={t('result.makingPdf')} /> : t('result.downloadPdf')}
          </button>
          <button type="button" className="button" onClick={() => setEmailOpen(true)} disabled={busy !== null}>
            {busy === 'email' ? <Working text={t('result.sending')} /> : t('email.title')}
          </button>
          <p className="hint result-actions-note">{t('result.keepHint')}</p>
        </div>
        <details className="result-more">
          <summary>{t('result.more')}</summary>
          <div className="result-actions">
            <button type="button" className="button" onClick={() => void download('png')} disabled={busy !== null}>
              {busy === 'png' ? <Working text={t('result.makingImage')} /> : t('result.downloadImage')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void addToWallet()}
              disabled={busy !== null || !online}
              aria-describedby={walletNeedsConnection ? 'wallet-offline' : undefined}
            >
              {busy === 'wallet' ? <Working text={t('wallet.signing')} /> : t('wallet.add')}
            </button>
            {walletNeedsConnection && (
              <p id="wallet-offline" className="hint result-actions-note" data-testid="wallet-offline">
                {serverMessage(REPORT_MSG.passNeedsConnection)}
              </p>
            )}
          </div>
        </details>
      </section>

      <dl className="summary report-details">
        <Row label={t('result.name')} value={playerNameText(model.playerName, t)} />
        {/* The player's own clock with its zone (DESIGN.md §7); the report keeps Pacific Time. */}
        <Row label={t('result.completed')} value={localDateTime(model.playedAt)} testId="completed" />
        <Row label={t('result.kit')} value={model.kitName} />
        {model.provider && (
          <Row
            label={t('result.provider')}
            value={[model.provider.name, model.provider.address, model.provider.phone].filter(Boolean).join(' · ')}
            testId="provider"
          />
        )}
      </dl>
      <MedicalDetails record={medical} model={model} />

      {model.cards.length > 0 && (
        <section aria-labelledby="cards-title" className="stack">
          <h2 id="cards-title">{t('result.cardsTitle')}</h2>
          <ol className="report-cards">
            {model.cards.map((c) => (
              <li key={c.position}>
                {c.picture ? (
                  <img src={c.picture} alt="" width="40" height="40" loading="lazy" />
                ) : (
                  <span className="report-card-blank" />
                )}
                <span className="report-card-main">
                  <span className="report-card-name">{c.cardName}</span>
                  <span className="report-card-choice">
                    <span className="visually-hidden">{t('result.yourChoice')} </span>
                    {c.choiceName}
                  </span>
                </span>
                <span className="report-card-outcome">
                  <span className={c.right ? 'right' : 'wrong'}>{c.right ? t('result.right') : t('result.wrong')}</span>
                  <span className="report-card-intensity">
                    <span className="visually-hidden">{t('result.intensity')} </span>
                    {t(intensityKey(c.intensity))}
                  </span>
                </span>
              </li>
            ))}
          </ol>
          <p className="hint">{t('report.cardsNote')}</p>
        </section>
      )}

      {!passed && (
        <p className="notice notice-warning" data-testid="fail-advice">
          {t('report.failAdvice')}
        </p>
      )}
      <p>{t('report.explanation')}</p>
      <p className="fine-print">
        <strong>{REPORT_BRAND.product}</strong> · {REPORT_BRAND.regulatory}
      </p>
      <p className="fine-print">{t('report.disclaimer')}</p>

      <section className="stack center">
        {completed ? (
          <p className="result-done" data-testid="questions-done">
            <span>{t('result.questionsDone')}</span>
            {keptAnswers(result.testResultId) && (
              <Link to="/additionalQuestionDetails" className="text-link">
                {t('result.seeAnswers')}
              </Link>
            )}
          </p>
        ) : (
          <button type="button" className="button button-ghost" onClick={openQuestions}>
            {t('result.answerQuestions')}
          </button>
        )}
        <Link to="/home" className="text-link">
          {t('result.back')}
        </Link>
      </section>
      <SyncStatusPanel />
      <EmailDialog open={emailOpen} onClose={() => setEmailOpen(false)} onSend={sendEmail} />
      <section className="result-history" aria-label={t('result.history')}>
        <HistorySwitch current={result} />
        <Link to="/chart" className="text-link">
          {t('result.overTime')}
        </Link>
      </section>
      <LegalLinks />
    </article>
  );
}

/**
 * The result's medical details, never split from the record (DESIGN.md §7): what was sent,
 * read-only ("Details sent ✓"); what waits to upload, marked so; or, before anything was given (or
 * after a refusal that stored nothing), one "Add your details" line instead of empty rows.
 */
function MedicalDetails({ record, model }: { record: MedicalRecord | null; model: ReportModel }) {
  const t = useT();
  if (!record || record.state === 'refused') {
    return (
      <div className="result-add-details" data-testid="add-details">
        {record?.state === 'refused' && (
          <p className="notice notice-warning" role="status">
            {record.reason
              ? t('medical.refusedBecause', { reason: serverMessage(record.reason) })
              : t('medical.refused')}
          </p>
        )}
        <Link to="/userMedicationQuestion" className="button button-ghost">
          {t('medical.add')}
        </Link>
        <p className="hint">{t('medical.addHint')}</p>
      </div>
    );
  }
  const sent = record.state === 'sent';
  const list = (items: string[] | null) => items?.map((i) => recordValue(i, t)).join(', ') ?? t('report.notGiven');
  return (
    <section
      className="result-medical stack"
      aria-labelledby="medical-title"
      data-testid={sent ? 'medical-sent' : 'medical-waiting'}
    >
      <h2 id="medical-title" className={sent ? 'result-medical-title sent' : 'result-medical-title'}>
        {sent ? t('medical.sent') : t('medical.waiting')}
      </h2>
      {record.alreadySent && (
        <p className="notice notice-warning" data-testid="medical-already-sent">
          {t('medical.alreadySent')}{' '}
          {model.provider?.name
            ? t('medical.askProvider', { provider: model.provider.name })
            : t('medical.askOrganization')}
        </p>
      )}
      <dl className="summary report-details">
        <Row label={t('result.age')} value={model.age === null ? t('report.notGiven') : String(model.age)} />
        <Row label={t('result.gender')} value={model.gender ? recordValue(model.gender, t) : t('report.notGiven')} />
        <Row label={t('result.race')} value={model.race ? recordValue(model.race, t) : t('report.notGiven')} />
        <Row label={t('result.disorders')} value={list(model.disorders)} />
        <Row label={t('result.familyHistory')} value={list(model.familyHistory)} />
      </dl>
      {!sent && <p className="hint">{t('medical.waitingNote')}</p>}
    </section>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** The route's component: the stored result (its beforeLoad made sure there is one). */
export function ResultRoute() {
  const result = getStoredResult();
  if (!result) return null;
  return <ResultScreen result={result} />;
}
