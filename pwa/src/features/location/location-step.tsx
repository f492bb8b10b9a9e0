import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { allowLocation, declineLocation, locationNotice, noteUnsupportedShown, type Position } from './location';
import './location.css';

/**
 * Whether the location step is due after the last card: only for a device that never answered,
 * whose browser has not answered either. Read once, when play starts, so the step costs no wait.
 * A browser without geolocation gets no step: the spec's message is said once, when play ends
 * (`tellUnsupported`), never over a card.
 */
export function useLocationStep(): { due: boolean; tellUnsupported: () => void } {
  const notify = useToast();
  const t = useT();
  const [notice, setNotice] = useState<Awaited<ReturnType<typeof locationNotice>>>(null);
  useEffect(() => {
    let live = true;
    void locationNotice().then((n) => live && setNotice(n));
    return () => {
      live = false;
    };
  }, []);
  return {
    due: notice === 'ask',
    tellUnsupported: () => {
      if (notice !== 'unsupported') return;
      noteUnsupportedShown();
      notify('info', t('location.unsupported'));
    },
  };
}

type Phase = 'question' | 'finding' | 'saving';

/**
 * The location question on a screen of its own, right after the last card (DESIGN.md §7). "Allow"
 * brings up the browser's prompt here and waits a few seconds at most for the position; "Not now"
 * and "Skip" go on without it. `onDone` saves the result with whatever position there is.
 */
export function LocationStep({ onDone }: { onDone: (position: Position | null) => void }) {
  const t = useT();
  const [phase, setPhase] = useState<Phase>('question');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const skipRef = useRef<HTMLButtonElement>(null);
  const done = useRef(false);

  // A new screen: at its top, its heading read first by screen readers.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  // The tapped "Allow" is gone: the focus goes to what can be done now, "Skip".
  useEffect(() => {
    if (phase === 'finding') skipRef.current?.focus();
  }, [phase]);

  const finish = (position: Position | null) => {
    if (done.current) return; // once: "Skip" and a late position do not save twice
    done.current = true;
    setPhase('saving');
    onDone(position);
  };

  return (
    <section className="location-step" aria-labelledby="location-title">
      <h1 id="location-title" ref={headingRef} tabIndex={-1}>
        {t('location.title')}
      </h1>
      <p>{t('location.reason')}</p>
      {phase === 'question' && (
        <div className="location-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              setPhase('finding');
              void allowLocation().then(finish);
            }}
          >
            {t('location.allow')}
          </button>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              declineLocation();
              finish(null);
            }}
          >
            {t('location.notNow')}
          </button>
        </div>
      )}
      {phase === 'finding' && (
        <div className="location-finding">
          <p className="location-wait">
            <Spinner label={t('location.finding')} /> <span aria-hidden="true">{t('location.finding')}</span>
          </p>
          <p className="hint">{t('location.findingHint')}</p>
          <button ref={skipRef} type="button" className="button button-ghost" onClick={() => finish(null)}>
            {t('location.skip')}
          </button>
        </div>
      )}
      {phase === 'saving' && (
        <p className="location-wait">
          <Spinner label={t('location.saving')} /> <span aria-hidden="true">{t('location.saving')}</span>
        </p>
      )}
    </section>
  );
}
