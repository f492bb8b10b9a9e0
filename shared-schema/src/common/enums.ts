export const RACES = [
  'White',
  'Black or African American',
  'Hispanic or Latino',
  'Asian',
  'American Indian or Alaska Native',
  'Native Hawaiian or Other Pacific Islander',
  'Some Other Race',
] as const;
export type Race = (typeof RACES)[number];

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export const RESULT_STATUSES = ['Pass', 'Fail'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** Report data sets: All data, No-organization data, one Organization's data. */
export const DATA_SET_TYPES = ['A', 'N', 'O'] as const;
export type DataSetType = (typeof DATA_SET_TYPES)[number];

export const CLIENT_TYPES = ['Medical provider', 'Organization'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Intensity 0–5 (DESIGN.md §7); "No smell" is an answer. */
export const INTENSITY_LABELS = ['No smell', 'Very weak', 'Weak', 'Moderate', 'Strong', 'Very strong'] as const;

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
/** Longest text a list filter takes: anything longer matches nothing a user could have typed. */
export const FILTER_TEXT_MAX = 200;
/** Sort columns a list request may name (each a known column; more is nonsense). */
export const SORT_COLUMNS_MAX = 10;
export const DEFAULT_PAGE_SIZE = 10;
