import { INTENSITY_LABELS, type KitDoc, PLAY_MSG } from '@scentry/shared-schema';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { ensurePlayer } from '../../lib/player';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { askPosition, finishPlay, type PlayedAnswer, type Position } from './finish';
import { KitLoading } from './kit-loading';
import { type KitState, useKeepOnDevice } from './use-kit';

/** The play screen of a kit, as its route's loader found it (network first, else the device). */
export function PlayScreen({ state }: { state: KitState }) {
  const navigate = useNavigate();
  const notify = useToast();
  useKeepOnDevice(state);

  useEffect(() => {
    // Opening /scent/<code> straight from a phone camera works without a stored player.
    ensurePlayer();
  }, []);

  useEffect(() => {
    if (state.status === 'invalid') {
      notify('error', PLAY_MSG.invalidKit);
      navigate({ to: '/scanQRCode' });
    } else if (state.status === 'error') {
      notify('error', PLAY_MSG.somethingWrong);
      navigate({ to: '/home' });
    }
  }, [state.status, navigate, notify]);

  if (state.status === 'ready') return <Play kit={state.kit} />;
  if (state.status === 'needs-connection') {
    return (
      <section className="stack center" aria-labelledby="offline-title">
        <h1 id="offline-title">No connection</h1>
        <p>{PLAY_MSG.kitNeedsConnection}</p>
        <Link to="/home" className="button">
          Back to the start
        </Link>
      </section>
    );
  }
  return <KitLoading />;
}

function Play({ kit }: { kit: KitDoc }) {
  const navigate = useNavigate();
  const notify = useToast();
  const cards = [...kit.cards].sort((a, b) => a.sortOrder - b.sortOrder);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<PlayedAnswer[]>([]);
  const [intensity, setIntensity] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const position = useRef<Position | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const intensityName = useId();

  useEffect(() => {
    askPosition().then((p) => {
      position.current = p;
    });
  }, []);

  // Each new card takes the focus, so screen-reader users hear where they are.
  useEffect(() => {
    if (index > 0) headingRef.current?.focus();
  }, [index]);

  const card = cards[index];
  const options = [...card.options].sort((a, b) => a.sortOrder - b.sortOrder);

  async function choose(scentOptionId: number) {
    if (intensity === null || saving) return;
    const next = [...answers, { scentCardId: card.id, scentOptionId, smellIntensity: intensity }];
    if (index + 1 < cards.length) {
      setAnswers(next);
      setIntensity(null);
      setIndex(index + 1);
      return;
    }
    setSaving(true);
    try {
      const result = await finishPlay(kit, next, position.current);
      navigate({ to: result.resultStatus === 'Pass' ? '/pass' : '/fail' });
    } catch {
      notify('error', PLAY_MSG.somethingWrong);
      navigate({ to: '/home' });
    }
  }

  return (
    <section className="play" aria-labelledby="card-title">
      <ol className="steps" aria-label="Progress">
        {cards.map((c, i) => (
          <li
            key={c.id}
            className={i < index ? 'step done' : i === index ? 'step current' : 'step'}
            aria-current={i === index ? 'step' : undefined}
          >
            SCENT {i + 1}
          </li>
        ))}
      </ol>
      <h1 id="card-title" ref={headingRef} tabIndex={-1}>
        SCENT {index + 1}
      </h1>
      <p className="lead">Scratch card {index + 1} of your kit and smell it.</p>

      <fieldset className="intensity">
        <legend>1. How strong is the smell?</legend>
        <div className="intensity-scale">
          {INTENSITY_LABELS.map((label, value) => (
            <label key={label} className={intensity === value ? 'chip chip-on' : 'chip'}>
              <input
                type="radio"
                name={intensityName}
                value={value}
                checked={intensity === value}
                onChange={() => setIntensity(value)}
              />
              <span className="chip-value">{value}</span> {label}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="choices" disabled={intensity === null || saving}>
        <legend>2. What does it smell like?</legend>
        {intensity === null && <p className="hint">Rate the strength first.</p>}
        <div className="choice-grid">
          {options.map((o) => (
            <button key={o.scentCardOptionId} type="button" className="choice" onClick={() => choose(o.scentOptionId)}>
              <img src={o.storedPath} alt="" width="96" height="96" />
              <span>{o.name}</span>
            </button>
          ))}
        </div>
      </fieldset>
      {saving && (
        <p className="center">
          <Spinner label="Saving your result" /> Saving your result…
        </p>
      )}
    </section>
  );
}
