import type { ScentCard, TestKit } from '@scentry/shared-schema';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidate } from '../../lib/query';
import { useToast } from '../../ui/toast';
import { failureToast } from '../../ui/use-form';
import { reorderCard } from './api';
import { cardDetailQuery, kitCardsQuery } from './queries';
import { answersInOnePlace, correctPosition, shuffleOptions } from './shuffle';

/**
 * Warns while every card's right answer sits at one position (Kit Insights' `answer-position`, by
 * the same rule, before anyone plays): a player could pass by always picking that place. "Shuffle
 * the options" gives each card's options a new order (the same options, the same right answers)
 * and saves the cards as the card editor does, each a new kit version.
 */
export function AnswerPositions({ kit }: { kit: TestKit }) {
  const notify = useToast();
  const cards = useQuery(kitCardsQuery(kit.id));
  const details = useQueries({
    queries: (cards.data?.list ?? []).map((c) => cardDetailQuery(c.id)),
  });
  const [busy, setBusy] = useState(false);
  const loaded = details.length > 0 && details.every((d) => d.data);
  const kitCards = loaded ? details.map((d) => d.data as ScentCard) : [];
  const flagged = loaded && answersInOnePlace(kitCards);
  const position = flagged ? correctPosition(kitCards[0]) : null;

  async function shuffle() {
    setBusy(true);
    try {
      const shuffled = shuffleOptions(kitCards);
      for (const [i, card] of shuffled.entries()) {
        const before = kitCards[i].scentCardOptions.map((o) => `${o.scentCardOptionId}:${o.sortOrder}`).join();
        const after = card.scentCardOptions.map((o) => `${o.scentCardOptionId}:${o.sortOrder}`).join();
        if (before !== after) await reorderCard(card);
      }
      notify('success', 'Options shuffled: the right answers are now in different positions.', 'Play Kit');
    } catch (err) {
      const toast = failureToast(err);
      notify(toast.kind, toast.message, 'Play Kit');
    } finally {
      // Saved or not (a card may have changed elsewhere), show what the server holds now.
      await invalidate('cards', 'kits');
      setBusy(false);
    }
  }

  // Always rendered, so the warning is announced when it appears.
  return (
    <div aria-live="polite">
      {flagged && (
        <section className="notice notice-warning kit-positions" aria-label="Right answers in one position">
          <p>
            Every card's right answer is option {position}. A player could pass by always picking option {position}{' '}
            without smelling anything. Shuffle the options so the right answers are in different positions.
          </p>
          <button type="button" className="button" disabled={busy} onClick={() => void shuffle()}>
            {busy ? 'Shuffling…' : 'Shuffle the options'}
          </button>
        </section>
      )}
    </div>
  );
}
