import {
  DRIFT_DROP,
  INSIGHT_MIN_PLAYS,
  type KitInsightCard,
  type KitInsightFlag,
  type KitInsightMonth,
} from '@scentry/shared-schema';

/*
 * The flags of GetKitInsights in plain words, each with what a kit maker can do about it. Item
 * analysis of the cards: never a statement about the people who played them.
 */

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "April 2024". */
export const monthLabel = (m: Pick<KitInsightMonth, 'year' | 'month'>): string =>
  monthFormat.format(new Date(Date.UTC(m.year, m.month - 1, 1)));

/**
 * The months that drift by API.md's rule (a month of at least 30 plays at least 0.15 below all
 * earlier months of the range taken together, those having at least 30 plays): the server says
 * that a card drifts, this says when.
 */
export function driftMonths(months: KitInsightMonth[]): KitInsightMonth[] {
  const found: KitInsightMonth[] = [];
  let plays = 0;
  let right = 0;
  for (const m of months) {
    const rate = m.correctRate ?? 0;
    if (m.plays >= INSIGHT_MIN_PLAYS && plays >= INSIGHT_MIN_PLAYS && right / plays - rate >= DRIFT_DROP - 1e-9)
      found.push(m);
    plays += m.plays;
    right += Math.round(rate * m.plays);
  }
  return found;
}

/** What a card's flags say, and what to do. */
export function cardAdvice(card: KitInsightCard): string[] {
  const out: string[] = [];
  if (card.flags.includes('low-identification'))
    out.push('People who pass still miss this card: consider replacing this scent or its distractors.');
  if (card.flags.includes('drift')) {
    const months = driftMonths(card.months);
    const when = months.length ? months.map(monthLabel).join(', ') : 'a recent month';
    out.push(`Fewer people named this card in ${when} than before: check the cards of this batch.`);
  }
  return out;
}

/** What the kit's flags say, and what to do. */
export function kitAdvice(flags: KitInsightFlag[], cards: KitInsightCard[]): string[] {
  if (!flags.includes('answer-position')) return [];
  const position = cards.find((c) => c.correctPosition !== null)?.correctPosition;
  return [`Every correct answer is in position ${position ?? '?'}: shuffle the options' order.`];
}
