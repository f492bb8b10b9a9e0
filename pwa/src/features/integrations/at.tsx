import { formatResultDate, formatResultTime } from '@scentry/shared-schema/result-document';

/** A time as the results and devices lists show it: the date (MM/DD/YYYY) and the time in Los Angeles with its zone. */
export const at = (iso: string | null) =>
  iso ? (
    <time dateTime={iso}>
      <span>{formatResultDate(iso)}</span> <span className="hint">{formatResultTime(iso)}</span>
    </time>
  ) : (
    '—'
  );
