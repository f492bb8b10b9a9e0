import { z } from 'zod';

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
