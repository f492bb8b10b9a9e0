import {
  CARD_INSIGHT_FLAGS,
  CATALOGUE_MSG,
  type CardInsightFlag,
  DRIFT_DROP,
  INSIGHT_MIN_PLAYS,
  type KitInsightCard,
  type KitInsightFlag,
  type KitInsights,
  type KitInsightsRequest,
  LOW_IDENTIFICATION_RATE,
  sameAnswerPosition,
} from '@scentry/shared-schema';
import type { Db } from '../db/database';
import { notFound } from '../lib/errors';
import {
  type AnswerTally,
  answerTallies,
  cardsById,
  type InsightScope,
  kitPlayedSpan,
  kitPlays,
  optionTitles,
} from '../repositories/kit-insights';
import { findKit, loadKitCards } from '../repositories/kits';
import { resultScope } from '../repositories/results';
import type { Caller } from './caller';
import {
  CHART_MONTHS_MAX,
  type ChartMonth,
  chartMonths,
  monthAt,
  monthCount,
  rangeMonths,
  reportRange,
} from './report-range';

/*
 * Kit insights (API.md GetKitInsights and "Reports: trend and kit insights (exact rules)"): item
 * analysis of one kit's cards for the people who make kits, over whole days of
 * America/Los_Angeles, counting the results of that kit (every version) that the caller may see.
 */

/** Whose results: an Admin's choice (none: all); anyone else always their own organization's. */
function scopeOf(me: Caller, organizationId: number | null | undefined): InsightScope {
  const caller = resultScope(me);
  // A user outside every organization sees none (-1 matches no row), as the reports.
  if (!caller.all) return { organizationId: caller.organizationId ?? -1 };
  return { organizationId: organizationId ?? null };
}

/** MM/DD/YYYY (checked by reportRange) as YYYY-MM-DD, the tallies' days. */
const isoDay = (us: string) => `${us.slice(6, 10)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;

const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
// Rates compared with a threshold "at least 0.15 below" are differences of fractions: a hair of
// float error must not decide a flag.
const EPSILON = 1e-9;

interface Tally {
  plays: number;
  right: number;
}
const tally = (): Tally => ({ plays: 0, right: 0 });

/** The insights of one kit over a range, as the caller may see them. */
export async function kitInsights(db: Db, me: Caller, body: KitInsightsRequest): Promise<KitInsights> {
  const range = reportRange(body);
  const kit = await findKit(db, body.testKitId);
  if (!kit) throw notFound(CATALOGUE_MSG.kitNotFound);
  const scope = scopeOf(me, body.organizationId);

  let { first, last } = rangeMonths(range);
  if (monthCount(first, last) > CHART_MONTHS_MAX) {
    // A range of many years: its empty months at either end are not listed (as the Pass/Fail chart).
    const span = await kitPlayedSpan(db, kit.id, scope, range);
    first = span ? monthAt(span.first) : last;
    last = span ? monthAt(span.last) : last;
  }
  const months = chartMonths(range, first, last);
  const days = { first: isoDay(body.fromDate), last: isoDay(body.toDate) };
  const [current, totals, tallies] = await Promise.all([
    loadKitCards(db, kit.id),
    kitPlays(db, kit.id, scope, days),
    answerTallies(db, kit.id, scope, days),
  ]);
  const monthIndex = new Map(months.map((m, i) => [`${m.year}-${String(m.month).padStart(2, '0')}`, i]));

  // The cards: the current version's, then any other card played in the range.
  const played = new Map<number, AnswerTally[]>();
  for (const t of tallies) {
    const list = played.get(t.scentCardId);
    if (list) list.push(t);
    else played.set(t.scentCardId, [t]);
  }
  const currentIds = new Set(current.map((c) => c.id));
  const former = await cardsById(
    db,
    [...played.keys()].filter((id) => !currentIds.has(id)),
  );
  const formerById = new Map(former.map((c) => [c.id, c]));
  const titles = await optionTitles(db, [...new Set(tallies.map((t) => t.scentOptionId))]);

  const entries: { card: KitInsightCard; current: boolean }[] = current.map((c) => {
    const position = c.options.find((o) => o.scentOptionId === c.correctScentOptionId)?.sortOrder ?? null;
    return {
      current: true,
      card: cardInsight(c.id, c.name, c.sortOrder, position, played.get(c.id) ?? [], months, monthIndex, titles),
    };
  });
  for (const [id, list] of played) {
    if (currentIds.has(id)) continue;
    const row = formerById.get(id);
    entries.push({
      current: false,
      card: cardInsight(id, row?.name ?? `Card ${id}`, row?.sortOrder ?? 0, null, list, months, monthIndex, titles),
    });
  }
  // By sort order; at one order the current version's card first, then by id.
  entries.sort(
    (a, b) =>
      a.card.sortOrder - b.card.sortOrder ||
      Number(b.current) - Number(a.current) ||
      a.card.scentCardId - b.card.scentCardId,
  );

  return {
    kit: { id: kit.id, name: kit.name, passThreshold: kit.passThreshold },
    plays: totals.plays,
    passRate: ratio(totals.passes, totals.plays),
    flags: kitFlags(entries.filter((e) => e.current).map((e) => e.card.correctPosition)),
    cards: entries.map((e) => e.card),
  };
}

/**
 * `answer-position`: the correct options of all cards of the current version share one sort
 * order (`sameAnswerPosition`, the rule the kit editor warns by).
 */
export function kitFlags(positions: (number | null)[]): KitInsightFlag[] {
  return sameAnswerPosition(positions) ? ['answer-position'] : [];
}

function cardInsight(
  scentCardId: number,
  name: string,
  sortOrder: number,
  correctPosition: number | null,
  tallies: AnswerTally[],
  months: ChartMonth[],
  monthIndex: Map<string, number>,
  titles: Map<number, string>,
): KitInsightCard {
  const all = tally();
  const passers = tally();
  const byMonth = months.map(tally);
  let intensity = 0;
  const choices = new Map<number, { count: number; correct: boolean }>();
  for (const t of tallies) {
    const right = t.correct ? t.count : 0;
    all.plays += t.count;
    all.right += right;
    if (t.passed) {
      passers.plays += t.count;
      passers.right += right;
    }
    const month = byMonth[monthIndex.get(t.month) ?? -1];
    if (month) {
      month.plays += t.count;
      month.right += right;
    }
    intensity += t.intensitySum;
    const choice = choices.get(t.scentOptionId) ?? { count: 0, correct: false };
    choice.count += t.count;
    choice.correct ||= t.correct;
    choices.set(t.scentOptionId, choice);
  }
  const correctRateAmongPassers = ratio(passers.right, passers.plays);
  return {
    scentCardId,
    name,
    sortOrder,
    plays: all.plays,
    correctRate: ratio(all.right, all.plays),
    correctRateAmongPassers,
    meanIntensity: ratio(intensity, all.plays),
    correctPosition,
    // Most chosen first; at one count, by option id (a stable order).
    choices: [...choices.entries()]
      .map(([scentOptionId, c]) => ({
        scentOptionId,
        name: titles.get(scentOptionId) ?? `Option ${scentOptionId}`,
        count: c.count,
        correct: c.correct,
      }))
      .sort((a, b) => b.count - a.count || a.scentOptionId - b.scentOptionId),
    months: months.map((m, i) => ({
      year: m.year,
      month: m.month,
      plays: byMonth[i].plays,
      correctRate: ratio(byMonth[i].right, byMonth[i].plays),
    })),
    flags: cardFlags(passers, byMonth),
  };
}

/**
 * `low-identification`: the correct rate among passers below 0.75 over at least 30 passing plays.
 * `drift`: a month of at least 30 plays whose correct rate is at least 0.15 below the rate of all
 * earlier months of the range taken together, those having at least 30 plays.
 */
export function cardFlags(passers: Tally, months: Tally[]): CardInsightFlag[] {
  const flags = new Set<CardInsightFlag>();
  if (passers.plays >= INSIGHT_MIN_PLAYS && passers.right / passers.plays < LOW_IDENTIFICATION_RATE) {
    flags.add('low-identification');
  }
  const earlier = tally();
  for (const month of months) {
    if (month.plays >= INSIGHT_MIN_PLAYS && earlier.plays >= INSIGHT_MIN_PLAYS) {
      const drop = earlier.right / earlier.plays - month.right / month.plays;
      if (drop >= DRIFT_DROP - EPSILON) flags.add('drift');
    }
    earlier.plays += month.plays;
    earlier.right += month.right;
  }
  return CARD_INSIGHT_FLAGS.filter((f) => flags.has(f));
}
