/** A point's colour group (spec §4): pass green, fail red, anything else blue. */
export const POINT_GROUPS = [
  { key: 'other', colour: '#1d4ed8' },
  { key: 'pass', colour: '#15803d' },
  { key: 'fail', colour: '#dc2626' },
] as const;

export type PointGroup = (typeof POINT_GROUPS)[number]['key'];

/** Pass and Fail in any letter case; any other status (none yet, a future one) is "other". */
export const groupOf = (status: string): PointGroup => {
  const s = status.trim().toLowerCase();
  return s === 'pass' ? 'pass' : s === 'fail' ? 'fail' : 'other';
};
