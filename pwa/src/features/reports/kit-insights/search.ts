import { checkFilters, isIsoDay, todayIso, toUsDate } from '../filters';

/*
 * The kit insights' URL: the kit, the days (YYYY-MM-DD) and, for an Admin, one organization.
 * Parsed without zod (validateSearch runs in the router's own chunk); defaults stay out of it.
 */
export interface InsightsSearch {
  kit?: number;
  /** Both or neither: absent is the last 12 months. */
  from?: string;
  to?: string;
  org?: number;
}

const positive = (value: unknown): number | undefined => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

export function validateInsightsSearch(raw: Record<string, unknown>): InsightsSearch {
  const out: InsightsSearch = {};
  const kit = positive(raw.kit);
  if (kit) out.kit = kit;
  if (isIsoDay(raw.from) && isIsoDay(raw.to)) {
    out.from = raw.from;
    out.to = raw.to;
  }
  const org = positive(raw.org);
  if (org) out.org = org;
  return out;
}

/** The last 12 calendar months in Los Angeles: the first day of the month 11 months ago to today. */
export function lastTwelveMonths(now: Date = new Date()): { from: string; to: string } {
  const today = todayIso(now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)); // 1–12
  const index = year * 12 + (month - 1) - 11;
  const from = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  return { from, to: today };
}

export const rangeOfInsights = (search: InsightsSearch, now: Date = new Date()) =>
  search.from && search.to ? { from: search.from, to: search.to } : lastTwelveMonths(now);

/** GetKitInsights' body, or what is wrong with the days (the rules of the reports). */
export function insightsRequest(
  search: InsightsSearch,
  admin: boolean,
  now: Date = new Date(),
):
  | { ok: true; body: { testKitId: number; fromDate: string; toDate: string; organizationId: number | null } }
  | { ok: false; kitMissing: boolean; errors: { from?: string; to?: string } } {
  const range = rangeOfInsights(search, now);
  const check = checkFilters(range, { set: 'A' }, { admin: true, organizationId: null }, now);
  if (!check.ok || !search.kit) return { ok: false, kitMissing: !search.kit, errors: check.ok ? {} : check.errors };
  return {
    ok: true,
    body: {
      testKitId: search.kit,
      fromDate: toUsDate(range.from),
      toDate: toUsDate(range.to),
      // A Client Admin's are their organization's whatever is sent: nothing is sent.
      organizationId: admin ? (search.org ?? null) : null,
    },
  };
}
