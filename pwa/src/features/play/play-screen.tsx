import { INTENSITY_LABELS, intensityLabel, type KitDoc, nameIn } from '@scentry/shared-schema';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { loadWholeCatalogue, useLanguage, useT } from '../../i18n';
import { clearProgress, loadProgress, saveProgress, setActiveGame } from '../../lib/play-progress';
import { ensurePlayer } from '../../lib/player';
import { drawnCard, takeOverShell } from '../../lib/shell';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { knownPosition, type Position, refreshPositionSilently } from '../location/location';
import { LocationStep, useLocationStep } from '../location/location-step';
import type { PlayedAnswer } from './finish';
import { KitLoading } from './kit-loading';
import './play.css';
import { type KitState, useKeepOnDevice } from './use-kit';

/** The play screen of a kit, as its route's loader found it (network first, else the device). */
export function PlayScreen({ state }: { state: KitState }) {
  const navigate = useNavigate();
  const notify = useToast();
  const t = useT();
  useKeepOnDevice(state);

  useEffect(() => {
    // Opening /scent/<code> straight from a phone camera works without a stored player.
    ensurePlayer();
  }, []);

  useEffect(() => {
    if (state.status === 'invalid') {
      notify('error', t('kit.invalid'));
      navigate({ to: '/scanQRCode' });
    } else if (state.status === 'error') {
      notify('error', t('kit.somethingWrong'));
      navigate({ to: '/home' });
    }
  }, [state.status, navigate, notify, t]);

  if (state.status === 'ready') return <Play kit={state.kit} />;
  if (state.status === 'needs-connection') {
    return (
      <section className="stack center" aria-labelledby="offline-title">
        <h1 id="offline-title">{t('kit.noConnection')}</h1>
        <p>{t('kit.needsConnection')}</p>
        <Link to="/home" className="button">
          {t('frame.back')}
        </Link>
      </section>
    );
  }
  return <KitLoading />;
}

/** How long a taken answer stays on screen, marked, before the next card (the issue asks ≤ 600 ms). */
export const CONFIRM_MS = 450;

const blank = (n: number) => Array.from({ length: n }, () => null);

function Play({ kit }: { kit: KitDoc }) {
  const navigate = useNavigate();
  const notify = useToast();
  const t = useT();
  const language = useLanguage();
  const cards = [...kit.cards].sort((a, b) => a.sortOrder - b.sortOrder);
  // A reload or an accidental back resumes where this kit was left (read once, on the first render).
  const [stored] = useState(() => loadProgress(kit.id, kit.version));
  // What was answered on the server's drawing of card 1 before this screen took it over (lib/shell.ts):
  // the rating, and a pick of one of the card's options; never read over a stored game.
  const [early] = useState(() => {
    const drawn = stored ? null : drawnCard();
    if (drawn?.kit !== kit.id || drawn.cardId !== cards[0]?.id) return null;
    const known = cards[0].options.some((o) => o.scentOptionId === drawn.pickedOption);
    return { intensity: drawn.tappedIntensity, pick: known ? drawn.pickedOption : null, pickedAt: drawn.pickedAt };
  });
  const [index, setIndex] = useState(() => Math.min(Math.max(stored?.index ?? 0, 0), cards.length - 1));
  const [choices, setChoices] = useState<(number | null)[]>(() =>
    cards.map((_, i) => stored?.choices[i] ?? (i === 0 ? (early?.pick ?? null) : null)),
  );
  const [intensities, setIntensities] = useState<(number | null)[]>(() =>
    cards.map((_, i) => stored?.intensities[i] ?? (i === 0 ? (early?.intensity ?? null) : null)),
  );
  const [resumed, setResumed] = useState(() => stored !== null);
  // Location is asked on a step of its own after the last card, never on a card (DESIGN.md §7).
  const location = useLocationStep();
  const [askingLocation, setAskingLocation] = useState(false);
  // A pick made on the drawing is confirmed as if made here (its time counts), then card 2 follows.
  const [confirming, setConfirming] = useState<number | null>(() => early?.pick ?? null);
  const [saving, setSaving] = useState(false);
  const [turn, setTurn] = useState(0);
  // Pictures that could not be fetched (offline, not cached): a blank square of their size instead.
  const [missing, setMissing] = useState<ReadonlySet<string>>(() => new Set());
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const intensityName = useId();

  // This screen now stands where the page's shell (and its drawing of card 1) stood: same frame.
  useLayoutEffect(() => takeOverShell(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the pick taken over
  useEffect(() => {
    if (early?.pick == null) return;
    const shown = early.pickedAt === null ? CONFIRM_MS : performance.now() - early.pickedAt;
    advanceAfter(Math.max(0, CONFIRM_MS - shown));
  }, []);
  // Finishing (scoring, the local database, the sync) is not needed for card 1: its code comes a
  // moment after the card is playable, long before the last card (and works offline from then),
  // with the rest of the player's catalogue (the screens after play).
  useEffect(() => {
    const later = setTimeout(() => {
      void import('./finish').catch(() => undefined);
      void loadWholeCatalogue();
    }, 1000);
    return () => clearTimeout(later);
  }, []);

  useEffect(() => {
    // Only when it cannot prompt: the browser's question never lands on a card.
    void refreshPositionSilently();
    return () => clearTimeout(timer.current);
  }, []);

  const started = choices.some((c) => c !== null) || intensities.some((v) => v !== null);

  // Kept on the device as it changes; the header's back asks before throwing it away.
  useEffect(() => {
    if (saving) return;
    if (started) saveProgress({ code: kit.id, version: kit.version, index, choices, intensities });
    setActiveGame(started ? kit.id : null);
  }, [kit.id, kit.version, index, choices, intensities, started, saving]);
  useEffect(() => () => setActiveGame(null), []);

  // Each new card starts at the top, its progress in view, and takes the focus for screen readers.
  useEffect(() => {
    if (turn === 0) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
    headingRef.current?.focus({ preventScroll: true });
  }, [turn]);

  const go = (to: number) => {
    setIndex(to);
    setTurn((t) => t + 1);
  };

  const card = cards[index];
  const options = [...card.options].sort((a, b) => a.sortOrder - b.sortOrder);
  const intensity = intensities[index];
  const choice = choices[index];
  const last = index + 1 === cards.length;

  function rate(value: number) {
    if (busy.current) return;
    setIntensities((all) => all.map((v, i) => (i === index ? value : v)));
  }

  /** After a pick: the confirmation stays `ms`, taps meanwhile are ignored, then the next card. */
  function advanceAfter(ms: number) {
    busy.current = true;
    timer.current = setTimeout(() => {
      busy.current = false;
      setConfirming(null);
      if (last) setAskingLocation(true);
      else go(index + 1);
    }, ms);
  }

  function choose(scentOptionId: number) {
    if (intensity === null || busy.current) return;
    busy.current = true; // taps until the next card are ignored
    const next = choices.map((c, i) => (i === index ? scentOptionId : c));
    setChoices(next);
    setConfirming(scentOptionId);
    setResumed(false);
    if (!last || location.due) {
      advanceAfter(CONFIRM_MS);
      return;
    }
    void finish(next);
  }

  async function finish(final: (number | null)[], position: Position | null = knownPosition()) {
    setSaving(true);
    const answers: PlayedAnswer[] = cards.map((c, i) => ({
      scentCardId: c.id,
      scentOptionId: final[i] as number,
      smellIntensity: intensities[i] as number,
    }));
    try {
      const [result] = await Promise.all([
        import('./finish').then((m) => m.finishPlay(kit, answers, position)),
        new Promise((r) => setTimeout(r, CONFIRM_MS)),
      ]);
      setActiveGame(null);
      location.tellUnsupported();
      navigate({ to: result.resultStatus === 'Pass' ? '/pass' : '/fail' });
    } catch {
      notify('error', t('kit.somethingWrong'));
      navigate({ to: '/home' });
    }
  }

  function startOver() {
    if (busy.current) return;
    clearProgress(kit.id);
    setChoices(blank(cards.length));
    setIntensities(blank(cards.length));
    setResumed(false);
    go(0);
  }

  const confirmed = confirming === null ? null : options.find((o) => o.scentOptionId === confirming);
  const unanswered = (i: number) => choices[i] === null || intensities[i] === null;

  if (askingLocation) return <LocationStep onDone={(position) => void finish(choices, position)} />;

  return (
    <section className="play" aria-labelledby="card-title">
      {resumed && (
        <div className="play-resume" role="status">
          <p>{t('card.welcomeBack', { number: index + 1 })}</p>
          <button type="button" className="button button-ghost" onClick={startOver}>
            {t('card.startOver')}
          </button>
        </div>
      )}
      <ol className="steps" aria-label={t('card.progress')}>
        {cards.map((c, i) => (
          <li
            key={c.id}
            className={i === index ? 'step current' : unanswered(i) ? 'step' : 'step done'}
            aria-current={i === index ? 'step' : undefined}
          >
            {/* On narrow screens only the current pill spells "SCENT": the others show the number (CSS). */}
            <span className="step-word">{t('card.stepWord')}</span>
            {i + 1}
          </li>
        ))}
      </ol>
      {(index > 0 || (!last && !unanswered(index))) && (
        <div className="play-nav">
          {index > 0 && (
            <button
              type="button"
              className="button button-ghost"
              disabled={saving}
              onClick={() => !busy.current && go(index - 1)}
            >
              {t('card.previous')}
            </button>
          )}
          {!last && !unanswered(index) && (
            <button
              type="button"
              className="button button-ghost play-next"
              onClick={() => !busy.current && go(index + 1)}
            >
              {t('card.next')}
            </button>
          )}
        </div>
      )}
      <h1 id="card-title" ref={headingRef} tabIndex={-1}>
        {t('card.heading', { number: index + 1 })}
      </h1>
      <p className="lead">{t('card.lead', { number: index + 1 })}</p>

      <fieldset className="intensity">
        <legend>{t('card.intensityLegend')}</legend>
        <div className="intensity-scale">
          {INTENSITY_LABELS.map((label, value) => (
            <label key={label} className={intensity === value ? 'chip chip-on' : 'chip'}>
              <input
                type="radio"
                name={intensityName}
                value={value}
                checked={intensity === value}
                onChange={() => rate(value)}
              />
              <span className="chip-value">{value}</span> {intensityLabel(t, value)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="choices" disabled={intensity === null || saving}>
        <legend>{t('card.choicesLegend')}</legend>
        {intensity === null && <p className="hint">{t('card.rateFirst')}</p>}
        <div className="choice-grid">
          {options.map((o) => {
            const on = choice === o.scentOptionId;
            return (
              <button
                key={o.scentCardOptionId}
                type="button"
                className={on ? 'choice choice-on' : 'choice'}
                aria-pressed={on}
                onClick={() => choose(o.scentOptionId)}
              >
                {missing.has(o.storedPath) ? (
                  <span className="choice-picture-missing" aria-hidden="true" />
                ) : (
                  <img
                    src={o.storedPath}
                    alt=""
                    width="96"
                    height="96"
                    onError={() => setMissing((m) => new Set(m).add(o.storedPath))}
                  />
                )}
                <span>{nameIn(language, o.name, o.names)}</span>
                {on && (
                  <span className="choice-check" aria-hidden="true">
                    ✓
                  </span>
                )}
              </button>
            );
          })}
        </div>
      </fieldset>
      <p className={confirmed ? 'play-confirm play-confirm-on' : 'play-confirm'} role="status">
        {confirmed ? t('card.gotIt', { name: nameIn(language, confirmed.name, confirmed.names) }) : ''}
      </p>
      {saving && (
        <p className="center">
          <Spinner label={t('card.savingLabel')} /> {t('card.saving')}
        </p>
      )}
    </section>
  );
}
