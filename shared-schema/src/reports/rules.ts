/** The reports' rules, zod-free. */

/** Columns the Data Location report sorts by. */
export const LOCATION_SORT_COLUMNS = ['country', 'state', 'city', 'pass', 'fail'] as const;

// --- #24 kit insights (API.md "Reports: trend and kit insights (exact rules)") ---

/** A card's flags: people who pass still miss it; a month named it clearly less than before. */
export const CARD_INSIGHT_FLAGS = ['low-identification', 'drift'] as const;
export type CardInsightFlag = (typeof CARD_INSIGHT_FLAGS)[number];
/** The kit's flag: every correct answer of the current version sits at one position. */
export const KIT_INSIGHT_FLAGS = ['answer-position'] as const;
export type KitInsightFlag = (typeof KIT_INSIGHT_FLAGS)[number];

/** `low-identification`: correct rate among passers below this, with at least INSIGHT_MIN_PLAYS passing plays. */
export const LOW_IDENTIFICATION_RATE = 0.75;
/** `drift`: a month this far (or further) below the earlier months of the range taken together. */
export const DRIFT_DROP = 0.15;
/** The fewest plays a rate is judged on (a month, the earlier months, a card's passing plays). */
export const INSIGHT_MIN_PLAYS = 30;
