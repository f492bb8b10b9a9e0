import { OPTIONS_PER_CARD } from '@scentry/shared-schema';
import { useId, useState } from 'react';
import type { OptionChoice } from './api';
import type { LocalOption } from './local-options';
import { StarIcon } from './marks';

/**
 * The catalogue as a searchable picture grid: each scent option is a toggle (aria-pressed) that
 * puts it on the card at the next free sort order or takes it off again, and a star that makes it
 * the correct answer (adding it first when it is not on the card yet), so a card takes one tap per
 * option. At most five: a further pick is refused with a message, never silently.
 */
export function OptionGrid({
  choices,
  options,
  correct,
  refused,
  onToggle,
  onCorrect,
}: {
  choices: OptionChoice[];
  options: LocalOption[];
  correct: number | null;
  /** Why the last pick was refused (the card is full), shown until the next change. */
  refused: string | null;
  onToggle: (choice: OptionChoice) => void;
  onCorrect: (choice: OptionChoice) => void;
}) {
  const searchId = useId();
  const statusId = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? choices.filter((c) => c.title.toLowerCase().includes(needle)) : choices;
  const orderOf = new Map(options.map((o) => [o.scentCardOptionDetailId, o.sortOrder]));
  const full = options.length >= OPTIONS_PER_CARD;

  return (
    <section className="option-grid" aria-labelledby={`${searchId}-title`}>
      <h2 id={`${searchId}-title`}>Choose from the scent options</h2>
      <div className="field">
        <label htmlFor={searchId}>Search scent options</label>
        <input
          id={searchId}
          type="search"
          value={filter}
          placeholder="Name, e.g. Lemon"
          aria-describedby={statusId}
          autoComplete="off"
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <p id={statusId} className={full ? 'og-status og-full' : 'og-status'}>
        {options.length} of {OPTIONS_PER_CARD} chosen
        {full
          ? ': the card is full. Take one off to choose another.'
          : '. Tap a picture to add it; the star marks the correct answer.'}
        {needle && ` Showing ${shown.length} of ${choices.length}.`}
      </p>
      {refused && (
        <p className="notice notice-warning og-refused" role="alert">
          {refused}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="hint">No scent option matches “{filter.trim()}”.</p>
      ) : (
        <ul className="og-tiles" aria-label="Scent options">
          {shown.map((c) => {
            const order = orderOf.get(c.id);
            const picked = order !== undefined;
            const isCorrect = picked && correct === c.id;
            return (
              <li key={c.id} className={picked ? 'og-tile og-picked' : 'og-tile'}>
                <button
                  type="button"
                  className="og-pick"
                  aria-pressed={picked}
                  aria-disabled={!picked && full ? true : undefined}
                  onClick={() => onToggle(c)}
                >
                  <img src={c.storedPath} alt="" width="48" height="48" loading="lazy" decoding="async" />
                  <span className="og-name">{c.title}</span>
                  {picked && (
                    <span className="og-order" aria-hidden="true">
                      {order}
                    </span>
                  )}
                </button>
                <button
                  type="button"
                  className="og-star"
                  aria-pressed={isCorrect}
                  aria-label={`Correct answer: ${c.title}`}
                  title={isCorrect ? 'The correct answer' : 'Make it the correct answer'}
                  aria-disabled={!picked && full ? true : undefined}
                  onClick={() => onCorrect(c)}
                >
                  <StarIcon filled={isCorrect} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
