import { useT } from '../../../i18n';

/**
 * The questionnaire's circular progress: an SVG ring filled to the question shown, "n of total"
 * in its middle, announced as a progress bar.
 */
export function ProgressRing({ current, total }: { current: number; total: number }) {
  const t = useT();
  const size = 88;
  const stroke = 8;
  const r = (size - stroke) / 2;
  const circumference = 2 * Math.PI * r;
  const filled = Math.max(0, Math.min(1, current / total));
  return (
    <div
      className="q-ring"
      role="progressbar"
      aria-label={t('questionnaire.progress')}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={current}
      aria-valuetext={t('questionnaire.question', { number: current, total })}
      data-testid="question-progress"
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
        <circle className="q-ring-track" cx={size / 2} cy={size / 2} r={r} fill="none" strokeWidth={stroke} />
        <circle
          className="q-ring-fill"
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - filled)}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      </svg>
      <span className="q-ring-text" aria-hidden="true">
        <strong>{current}</strong> {t('questionnaire.ringOf', { total })}
      </span>
    </div>
  );
}
