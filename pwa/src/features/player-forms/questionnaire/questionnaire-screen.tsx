import { PLAY_MSG, QUESTIONNAIRE_MSG, QUESTIONNAIRE_QUESTIONS, REPORT_MSG } from '@scentry/shared-schema';
import { answerText, questionText } from '@scentry/shared-schema/result-document/questionnaire-texts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useT } from '../../../i18n';
import { serverMessage } from '../../../i18n/server-message';
import { getStoredResult, type StoredResult } from '../../../lib/player';
import { useReportUnsent } from '../../../lib/unsent-form';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast';
import { type Answer, answerQuestion, goBack, initialFlow, QUESTION_COUNT, questionNumber } from './flow';
import { keptAnswers } from './kept';
import { ProgressRing } from './progress-ring';
import { submitQuestionnaire } from './submit';
import { useCompleted } from './use-completed';

/** /additionalQuestion (spec §2): the five COVID-19 questions, or the note that they are done. */
export function QuestionnaireScreen({ result }: { result: StoredResult }) {
  const completed = useCompleted(result);
  const [submitting, setSubmitting] = useState(false);
  if (completed && !submitting) return <Completed result={result} />;
  return <Questions result={result} onSubmitting={() => setSubmitting(true)} />;
}

function Completed({ result }: { result: StoredResult }) {
  const navigate = useNavigate();
  const t = useT();
  const hasAnswers = keptAnswers(result.testResultId) !== null;
  return (
    <section className="questionnaire stack center" aria-labelledby="q-title">
      <h1 id="q-title">{t('questionnaire.title')}</h1>
      <p className="notice q-completed" role="status" data-testid="questionnaire-completed">
        {serverMessage(QUESTIONNAIRE_MSG.completed)}
      </p>
      <button type="button" className="button button-large" onClick={() => navigate({ to: '/result' })}>
        {t('forms.continue')}
      </button>
      {hasAnswers && (
        <p>
          <Link to="/additionalQuestionDetails" className="q-link">
            {t('questionnaire.seeAnswers')}
          </Link>
        </p>
      )}
    </section>
  );
}

function Questions({ result, onSubmitting }: { result: StoredResult; onSubmitting: () => void }) {
  const navigate = useNavigate();
  const notify = useToast();
  const t = useT();
  const [flow, setFlow] = useState(initialFlow);
  const [saving, setSaving] = useState(false);
  const moved = useRef(false);
  // A question answered and the five not sent yet: event mode's Next player asks before discarding them.
  useReportUnsent(!saving && flow.answers.some((a) => a !== null));

  async function answer(value: Answer) {
    if (saving) return;
    const step = answerQuestion(flow, value);
    moved.current = true;
    setFlow(step.state);
    if (!step.done) return;
    setSaving(true);
    onSubmitting();
    try {
      const outcome = await submitQuestionnaire(result.testResultId, step.answers);
      if (outcome === 'completed') {
        notify('warning', serverMessage(REPORT_MSG.testCompleted));
        navigate({ to: '/result' });
        return;
      }
      // Kept on the device: offline it waits for the network; online the server failed, so it retries.
      const queued = navigator.onLine ? t('questionnaire.retrying') : t('questionnaire.queued');
      notify(
        outcome === 'sent' ? 'success' : 'info',
        outcome === 'sent' ? serverMessage(QUESTIONNAIRE_MSG.saved) : queued,
      );
      navigate({ to: '/additionalQuestionDetails' });
    } catch {
      notify('error', serverMessage(PLAY_MSG.somethingWrong));
      navigate({ to: '/home' });
    }
  }

  const n = questionNumber(flow);
  const chosen = flow.answers[flow.index];
  return (
    <section className="questionnaire" aria-labelledby="q-title">
      <h1 id="q-title" className="center">
        {t('questionnaire.title')}
      </h1>
      <p className="lead center">{t('questionnaire.intro')}</p>
      <ProgressRing current={n} total={QUESTION_COUNT} />
      {/* A new heading for each question takes the focus (after the first), so screen-reader and
          keyboard users land on it. */}
      <h2
        key={flow.index}
        id="q-question"
        className="q-question"
        ref={(el) => {
          if (el && moved.current) el.focus();
        }}
        tabIndex={-1}
        data-testid="question"
      >
        <span className="visually-hidden">{t('questionnaire.question', { number: n, total: QUESTION_COUNT })}: </span>
        {questionText(QUESTIONNAIRE_QUESTIONS[flow.index], t)}
      </h2>
      <fieldset className="q-answers" aria-labelledby="q-question">
        {(['Yes', 'No'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={chosen === value ? 'q-answer q-answer-on' : 'q-answer'}
            aria-pressed={chosen === value}
            disabled={saving}
            onClick={() => void answer(value)}
          >
            {answerText(value, t)}
          </button>
        ))}
      </fieldset>
      {saving ? (
        <p className="center q-saving">
          <Spinner label={t('questionnaire.saving')} /> {t('questionnaire.saving')}
        </p>
      ) : (
        flow.index > 0 && (
          <p className="center">
            <button
              type="button"
              className="button button-ghost q-back"
              onClick={() => {
                moved.current = true;
                setFlow(goBack(flow));
              }}
            >
              ← {t('questionnaire.previous')}
            </button>
          </p>
        )
      )}
    </section>
  );
}

/** The route's component: the stored result (its beforeLoad made sure there is one). */
export function QuestionnaireRoute() {
  const result = getStoredResult();
  if (!result) return null;
  return <QuestionnaireScreen result={result} />;
}
