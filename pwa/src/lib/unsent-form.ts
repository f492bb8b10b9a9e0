import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a player's form on screen holds input not sent yet (the medical form once something is
 * typed or chosen, the questionnaire once a question is answered), for event mode's "Next player",
 * which asks before throwing it away. Set by the forms while they are on screen; false otherwise.
 */
let unsent = false;
const listeners = new Set<() => void>();

export function setUnsentForm(value: boolean): void {
  if (unsent === value) return;
  unsent = value;
  for (const l of listeners) l();
}

export const hasUnsentForm = (): boolean => unsent;

export function useUnsentForm(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    hasUnsentForm,
    hasUnsentForm,
  );
}

/** A form's report: `dirty` while it is on screen, nothing left behind once it is gone. */
export function useReportUnsent(dirty: boolean): void {
  useEffect(() => {
    setUnsentForm(dirty);
  }, [dirty]);
  useEffect(() => () => setUnsentForm(false), []);
}
