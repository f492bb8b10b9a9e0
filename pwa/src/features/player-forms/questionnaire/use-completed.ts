import { useEffect, useState } from 'react';
import { callPlayer } from '../../../lib/api';
import type { StoredResult } from '../../../lib/player';
import { knownCompleted } from './flow';
import { markCompleted } from './submit';

/**
 * Whether this result's questionnaire is done (spec §4): what the device knows at once, and the
 * server's word (FindTestResultId) when it can be reached. Offline, or with the result not uploaded
 * yet, the questions can still be answered: they wait on the device.
 */
export function useCompleted(result: StoredResult): boolean {
  const [completed, setCompleted] = useState(() => knownCompleted(result));
  useEffect(() => {
    if (completed) return;
    let live = true;
    callPlayer('findTestResultId', { query: { id: result.testResultId } })
      .then(({ isCompleted }) => {
        if (!isCompleted || !live) return;
        markCompleted(result.testResultId);
        setCompleted(true);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [result.testResultId, completed]);
  return completed;
}
