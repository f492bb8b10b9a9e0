import { redirect } from '@tanstack/react-router';
import { getStoredResult, type StoredResult } from '../../../lib/player';

/*
 * The rules of the screens after play, as route guards. Kept apart from the screens: guards run
 * in the router's own chunk, which must not carry the screens.
 */

const OUTCOME_PATH = { Pass: '/pass', Fail: '/fail' } as const;

/** The stored result, if it is one the screens after play can show. */
export function storedOutcome(): StoredResult | null {
  const result = getStoredResult();
  return result?.resultStatus === 'Pass' || result?.resultStatus === 'Fail' ? result : null;
}

/** beforeLoad of the screens after play: with no stored result, the start (spec §4). */
export function requireStoredResult() {
  if (!storedOutcome()) throw redirect({ to: '/home', replace: true });
}

/**
 * beforeLoad of /pass and /fail: the address always matches the stored result's status (opening
 * /pass after a Fail lands on /fail, and the other way round); with no stored result, /home.
 */
export function requireOutcome(shown: StoredResult['resultStatus']) {
  return () => {
    const result = storedOutcome();
    if (!result) throw redirect({ to: '/home', replace: true });
    if (result.resultStatus !== shown) throw redirect({ to: OUTCOME_PATH[result.resultStatus], replace: true });
  };
}
