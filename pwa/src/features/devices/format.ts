import type { DeviceRow } from '@scentry/shared-schema';

/** A device as staff know it: its tablet name, else "Phone" and its build. */
export const deviceName = (d: Pick<DeviceRow, 'name' | 'build'>): string => d.name ?? `Phone (${d.build})`;

/** Runs of consecutive numbers, ascending: [4, 7, 8, 9] → [[4, 4], [7, 9]]. */
export function runs(seqs: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const n of seqs) {
    const last = out[out.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else out.push([n, n]);
  }
  return out;
}

/** Runs of missing numbers a row spells out; the rest are counted ("and 12 more"). */
const RUNS_SHOWN = 5;

/**
 * What is missing, in plain words: "None", "1 (number 5)", "4 (numbers 2, 7 to 9)", "2 (numbers 2, 3)",
 * "130 (numbers 1 to 100, … and 30 more)". The server lists only the first missing numbers;
 * whatever is not spelled out is counted from `missingCount`.
 */
export function missingText(d: Pick<DeviceRow, 'missingCount' | 'missingSeqs'>): string {
  if (d.missingCount === 0) return 'None';
  const shown = runs(d.missingSeqs).slice(0, RUNS_SHOWN);
  if (shown.length === 0) return String(d.missingCount);
  const spelled = shown.map(([a, b]) => (a === b ? String(a) : b === a + 1 ? `${a}, ${b}` : `${a} to ${b}`)).join(', ');
  const covered = shown.reduce((n, [a, b]) => n + b - a + 1, 0);
  const more = d.missingCount - covered;
  const word = d.missingCount === 1 ? 'number' : 'numbers';
  return `${d.missingCount} (${word} ${spelled}${more > 0 ? ` and ${more} more` : ''})`;
}
