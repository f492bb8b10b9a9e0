import type { VerifiedResult } from '@scentry/shared-schema';
import { CARDS_PER_KIT } from '@scentry/shared-schema';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { recordDate, recordTime } from '../../i18n/dates';
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
  const t = useT();
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
      <h1 id="verify-title">{t('verify.title')}</h1>
      {state.kind === 'loading' && <Spinner label={t('verify.checking')} />}
      {state.kind === 'missing' && (
        <p className="notice notice-warning" role="status" data-testid="verify-missing">
          {t('verify.missing')}
        </p>
      )}
      {state.kind === 'offline' && (
        <p className="notice notice-warning" role="status">
          {t('verify.offline')}
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
            {state.result.resultStatus === 'Pass' ? t('verify.pass') : t('verify.fail')}
          </p>
          <dl className="summary" data-testid="verified">
            <div>
              <dt>{t('verify.named')}</dt>
              <dd>{t('verify.score', { right: state.result.rightAnswerCount, total: CARDS_PER_KIT })}</dd>
            </div>
            <div>
              <dt>{t('verify.kit')}</dt>
              <dd>{state.result.testKitName}</dd>
            </div>
            <div>
              <dt>{t('verify.played')}</dt>
              <dd>
                {recordDate(state.result.playedAt)}, {recordTime(state.result.playedAt)}
              </dd>
            </div>
          </dl>
          <p className="hint">{t('verify.note')}</p>
        </>
      )}
    </section>
  );
}
