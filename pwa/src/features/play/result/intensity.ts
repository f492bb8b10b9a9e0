import type { MessageId } from '@scentry/shared-schema';

/** The words of smell intensities 0–5 (INTENSITY_LABELS in English), as catalogue keys. */
const INTENSITY_KEYS = [
  'result.intensity0',
  'result.intensity1',
  'result.intensity2',
  'result.intensity3',
  'result.intensity4',
  'result.intensity5',
] as const satisfies readonly MessageId[];

/** The key of an intensity (an average is rounded), within 0–5. */
export const intensityKey = (n: number): MessageId =>
  INTENSITY_KEYS[Math.min(5, Math.max(0, Math.round(n)))] ?? INTENSITY_KEYS[0];
