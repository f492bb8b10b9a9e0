import type { VerifiedResult } from '@scentry/shared-schema';
import { CARDS_PER_KIT, REPORT_MSG } from '@scentry/shared-schema';
import { formatResultDate, formatResultTime } from '@scentry/shared-schema/report';
import { useEffect, useState } from 'react';
import { ApiFailure, callPlayer } from '../../lib/api';
import { Spinner } from '../../ui/spinner';

type State =
  | { kind: 'loading' }
  | { kind: 'found'; result: VerifiedResult }
  | { kind: 'missing' }
  | { kind: 'offline' }
  | { kind: 'error'; message: string };

/**
 * /verify/<result id>: what the server holds for the result a report names, so a provider can
 * check a printed or forwarded report. Nothing about the player: status, right answers, kit, time.
 */
export function VerifyScreen({ id }: { id: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    callPlayer('verifyResult', { query: { id } })
      .then((result) => live && setState({ kind: 'found', result }))
      .catch((err) => {
        if (!live) return;
        if (err instanceof ApiFailure && err.httpStatus === 404) setState({ kind: 'missing' });
        else if (err instanceof ApiFailure && err.httpStatus === 0) setState({ kind: 'offline' });
        else setState({ kind: 'error', message: (err as Error).message });
      });
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <section className="stack center verify" aria-labelledby="verify-title" aria-busy={state.kind === 'loading'}>
      <h1 id="verify-title">Check a Scentry report</h1>
      {state.kind === 'loading' && <Spinner label="Checking" />}
      {state.kind === 'missing' && (
        <p className="notice notice-warning" role="status" data-testid="verify-missing">
          {REPORT_MSG.resultNotSynced}
        </p>
      )}
      {state.kind === 'offline' && (
        <p className="notice notice-warning" role="status">
          Checking a report needs a connection. Please try again when you are online.
        </p>
      )}
      {state.kind === 'error' && (
        <p className="notice notice-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'found' && (
        <>
          <p className={`badge ${state.result.resultStatus === 'Pass' ? 'badge-pass' : 'badge-fail'}`}>
            {state.result.resultStatus}
          </p>
          <dl className="summary" data-testid="verified">
            <div>
              <dt>Scents named correctly</dt>
              <dd>
                {state.result.rightAnswerCount} of {CARDS_PER_KIT}
              </dd>
            </div>
            <div>
              <dt>Play kit</dt>
              <dd>{state.result.testKitName}</dd>
            </div>
            <div>
              <dt>Played</dt>
              <dd>
                {formatResultDate(state.result.playedAt)}, {formatResultTime(state.result.playedAt)}
              </dd>
            </div>
          </dl>
          <p className="hint">
            This is the record the Scentry server holds for this result. It shows no personal details: compare it with
            the report you were given.
          </p>
        </>
      )}
    </section>
  );
}
