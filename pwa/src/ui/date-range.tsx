import { type FormEvent, useEffect, useState } from 'react';
import { Field } from './field';

/** Two days, YYYY-MM-DD ('' while not chosen). */
export interface DayRange {
  from: string;
  to: string;
}

/** What is wrong with the days, by field; empty when they can be applied. */
export interface DayRangeErrors {
  from?: string;
  to?: string;
}

interface DateRangeFormProps {
  /** The days the screen shows now (the URL's): the boxes follow them when Back or a link changes them. */
  applied: DayRange;
  /** The latest day a From Date may be (today, in the screen's time zone). */
  max: string;
  /** The screen's rule for the days (required, From not after today, To not before From). */
  check: (range: DayRange) => DayRangeErrors;
  /** The days passed the rule: the screen applies them (into its URL). */
  onApply: (range: DayRange) => void;
  /** The days were refused (a screen may say more, as the reports' warning toast). */
  onRefused?: (errors: DayRangeErrors) => void;
  /** Messages the screen holds beside the form's own (a hand-edited URL's days). */
  otherErrors?: DayRangeErrors;
  submitLabel: string;
  /** The form's class; its button's wrapper is `${className}-go`. */
  className: string;
  /** The form's accessible name, when the screen gives it one. */
  label?: string;
}

/**
 * The From Date / To Date pair applied with one button (the dashboard's custom period, the
 * reports' "Search by date", Kit Insights' days): its own boxes until submitted, checked by the
 * screen's rule, the messages under the boxes.
 */
export function DateRangeForm({
  applied,
  max,
  check,
  onApply,
  onRefused,
  otherErrors,
  submitLabel,
  className,
  label,
}: DateRangeFormProps) {
  const [from, setFrom] = useState(applied.from);
  const [to, setTo] = useState(applied.to);
  const [errors, setErrors] = useState<DayRangeErrors>({});

  // Back, a link or another control changed the days: the boxes show what the screen shows.
  useEffect(() => {
    setFrom(applied.from);
    setTo(applied.to);
    setErrors({});
  }, [applied.from, applied.to]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = check({ from, to });
    setErrors(found);
    if (found.from || found.to) {
      onRefused?.(found);
      return;
    }
    onApply({ from, to });
  }

  return (
    <form className={className} onSubmit={onSubmit} noValidate aria-label={label}>
      <Field
        label="From Date"
        type="date"
        value={from}
        max={max}
        required
        error={errors.from ?? otherErrors?.from}
        onChange={(e) => setFrom(e.target.value)}
      />
      <Field
        label="To Date"
        type="date"
        value={to}
        min={from || undefined}
        required
        error={errors.to ?? otherErrors?.to}
        onChange={(e) => setTo(e.target.value)}
      />
      <div className={`${className}-go`}>
        <button type="submit" className="button">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
