import { z } from 'zod';
import { CARD_INSIGHT_FLAGS, KIT_INSIGHT_FLAGS } from './rules';

/** Reports (spec §3): location table rows, map points, monthly chart rows. */
export const locationReportRowSchema = z.object({
  country: z.string(),
  state: z.string(),
  city: z.string(),
  pass: z.number().int(),
  fail: z.number().int(),
});
export type LocationReportRow = z.output<typeof locationReportRowSchema>;
export const mapPointSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  resultStatus: z.string(),
});
export type MapPoint = z.output<typeof mapPointSchema>;
export const passFailRowSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  totalCount: z.number().int(),
  pass: z.number().int(),
  fail: z.number().int(),
});
export type PassFailRow = z.output<typeof passFailRowSchema>;

// --- #24 kit insights (API.md GetKitInsights; rates are fractions 0–1, null without plays) ---
const rate = z.number().min(0).max(1).nullable();

export const kitInsightChoiceSchema = z.object({
  scentOptionId: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  /** Whether choosing this option scored the card right. */
  correct: z.boolean(),
});
export type KitInsightChoice = z.output<typeof kitInsightChoiceSchema>;

export const kitInsightMonthSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  plays: z.number().int(),
  correctRate: rate,
});
export type KitInsightMonth = z.output<typeof kitInsightMonthSchema>;

export const kitInsightCardSchema = z.object({
  scentCardId: z.number().int(),
  name: z.string(),
  sortOrder: z.number().int(),
  plays: z.number().int(),
  correctRate: rate,
  correctRateAmongPassers: rate,
  meanIntensity: z.number().nullable(),
  correctPosition: z.number().int().nullable(),
  choices: z.array(kitInsightChoiceSchema),
  months: z.array(kitInsightMonthSchema),
  flags: z.array(z.enum(CARD_INSIGHT_FLAGS)),
});
export type KitInsightCard = z.output<typeof kitInsightCardSchema>;

export const kitInsightsSchema = z.object({
  kit: z.object({ id: z.number().int(), name: z.string(), passThreshold: z.number().int() }),
  plays: z.number().int(),
  passRate: rate,
  flags: z.array(z.enum(KIT_INSIGHT_FLAGS)),
  cards: z.array(kitInsightCardSchema),
});
export type KitInsights = z.output<typeof kitInsightsSchema>;
