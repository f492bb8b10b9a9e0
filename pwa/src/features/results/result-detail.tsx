import { intensityWords } from '@scentry/shared-schema/result-document';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { knownPublicUrl } from '../../lib/public-url';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import type { AnswerDetailRow, TestResultRow } from './api';
import { answersQuery, questionnaireQuery } from './queries';
import { NAME_HIDDEN, playerName, reportedLabels, verifyUrlFor } from './report-model';
import { playedText, StatusTag } from './result-table';

const given = (v: string | number | null) => (v === null || v === '' ? 'Not given' : String(v));
const listed = (labels: string[] | null) => (labels ? labels.join(', ') : 'Not given');

/**
 * A result's detail (spec §2): its summary, the answers as played (card, the chosen option with
 * its picture, the right answer, intensity in words, Right/Wrong) and the questionnaire's answers.
 * A native dialog: focus stays inside, Escape closes it.
 */
export function ResultDetail({
  row,
  showNames,
  onClose,
  onDownload,
  downloading,
}: {
  row: TestResultRow | null;
  showNames: boolean;
  onClose: () => void;
  onDownload: (row: TestResultRow) => void;
  downloading: boolean;
}) {
  return (
    <Modal
      open={row !== null}
      title="Play result"
      onClose={onClose}
      footer={
        row && (
          <div className="actions">
            <button type="button" className="button button-small button-ghost" onClick={onClose}>
              Close
            </button>
            <button
              type="button"
              className="button button-small"
              disabled={downloading}
              onClick={() => onDownload(row)}
            >
              {downloading ? 'Making report…' : 'Download report'}
            </button>
          </div>
        )
      }
    >
      {row && <DetailBody row={row} showNames={showNames} />}
    </Modal>
  );
}

function DetailBody({ row, showNames }: { row: TestResultRow; showNames: boolean }) {
  const place = [row.city, row.state, row.country].filter(Boolean).join(', ');
  // The link the report prints (the same public address the report download uses).
  const verifyUrl = verifyUrlFor(knownPublicUrl() ?? window.location.origin, row.id);
  const items: [string, ReactNode][] = [
    [
      'Result id',
      <code key="id" className="results-full-id">
        {row.id}
      </code>,
    ],
    [
      'Verify link',
      <a key="verify" className="results-verify-link" href={verifyUrl} target="_blank" rel="noopener noreferrer">
        {verifyUrl}
      </a>,
    ],
    ...(showNames ? [['Name', playerName(row) ?? NAME_HIDDEN] as [string, ReactNode]] : []),
    ['Result', <StatusTag key="s" status={row.resultStatus} />],
    ['Right answers', `${row.answerStatus}`],
    ['Play Kit', row.testKitName],
    ['Played', playedText(row.created)],
    ['Organization', row.organizationName ?? 'None'],
    ['Age', given(row.age)],
    ['Gender', given(row.gender)],
    ['Race/Ethnicity', given(row.race)],
    ['Reported disorders', listed(reportedLabels(row.userDisease, row))],
    ['Family history', listed(reportedLabels(row.userFamilyDisease, row))],
    ['Location', place || 'Not shared'],
  ];
  return (
    <div className="results-detail stack">
      <dl className="results-summary">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Answers id={row.id} />
      <Questionnaire id={row.id} completed={row.questionnaireCompleted} />
    </div>
  );
}

function Answers({ id }: { id: string }) {
  const answers = useQuery(answersQuery(id));
  return (
    <section className="stack" aria-labelledby="results-answers-title">
      <h3 id="results-answers-title">Answers</h3>
      {answers.isPending ? (
        <p className="hint">
          <Spinner /> Loading…
        </p>
      ) : answers.error ? (
        <Retry message={answers.error.message} onRetry={() => void answers.refetch()} />
      ) : answers.data.list.length === 0 ? (
        <p className="hint">No answers recorded.</p>
      ) : (
        <ol className="results-answers">
          {[...answers.data.list]
            .sort((a, b) => a.cardSortOrder - b.cardSortOrder)
            .map((a) => (
              <AnswerItem key={a.cardSortOrder} answer={a} />
            ))}
        </ol>
      )}
    </section>
  );
}

function AnswerItem({ answer: a }: { answer: AnswerDetailRow }) {
  const right = a.answerStatus === 'Right';
  return (
    <li className="results-answer">
      {a.answerStoredPath ? (
        <img src={a.answerStoredPath} alt="" width={56} height={56} className="thumb" loading="lazy" />
      ) : (
        <span className="results-thumb-blank" aria-hidden="true" />
      )}
      <div className="results-answer-main">
        <span className="results-answer-card">
          {a.cardSortOrder}. {a.scentCardName}
        </span>
        <span>
          Answer: <strong>{a.answerName}</strong>
        </span>
        <span className="hint">
          Correct: {a.correctAnswerName ?? '—'} · Intensity: {a.smellIntensityText || intensityWords(a.smellIntensity)}
        </span>
      </div>
      <span className={`tag ${right ? 'results-pass' : 'results-fail'}`}>{a.answerStatus}</span>
    </li>
  );
}

function Questionnaire({ id, completed }: { id: string; completed: boolean }) {
  const rows = useQuery(questionnaireQuery(id));
  return (
    <section className="stack" aria-labelledby="results-questionnaire-title">
      <h3 id="results-questionnaire-title">Questionnaire</h3>
      {rows.isPending ? (
        <p className="hint">
          <Spinner /> Loading…
        </p>
      ) : rows.error ? (
        <Retry message={rows.error.message} onRetry={() => void rows.refetch()} />
      ) : rows.data.list.length === 0 ? (
        <p className="hint">{completed ? 'No answers recorded.' : 'No questionnaire'}</p>
      ) : (
        <ol className="results-questions">
          {rows.data.list.map((q) => (
            <li key={q.question}>
              <span>{q.question}</span>
              <strong className="results-answer-pill">{q.answer}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Retry({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
