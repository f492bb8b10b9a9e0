import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n';
import { clearProgress, useActiveGame } from '../lib/play-progress';
import { ConfirmDialog } from './confirm';
import { LanguageControl } from './language-control';
import { InPlayerFrame } from './route-error';
import './player-page.css';
import { TextSizeControl } from './text-size-control';

/** The player's frame: brand bar (with the text size), content, and the "Powered by" footer of the spec. */
export function PlayerPage({ children, back }: { children: ReactNode; back?: boolean }) {
  const navigate = useNavigate();
  const t = useT();
  // A game with answers on screen: the back to the start asks before throwing them away.
  const game = useActiveGame();
  const [asking, setAsking] = useState(false);
  return (
    <div className="player">
      <header className="player-bar">
        {back && (
          <Link
            to="/home"
            className="icon-button player-back"
            aria-label={t('frame.back')}
            onClick={(e) => {
              if (!game) return;
              e.preventDefault();
              setAsking(true);
            }}
          >
            ←
          </Link>
        )}
        <span className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" /> Scentry
        </span>
        <PlayerChoices />
      </header>
      <main className="player-main">
        <InPlayerFrame.Provider value={true}>{children}</InPlayerFrame.Provider>
      </main>
      <footer className="player-footer">{t('frame.footer')}</footer>
      <ConfirmDialog
        open={asking}
        title={t('frame.leaveTitle')}
        message={t('frame.leaveMessage')}
        confirmLabel={t('frame.leave')}
        cancelLabel={t('frame.stay')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          if (game) clearProgress(game);
          navigate({ to: '/home' });
        }}
      />
    </div>
  );
}

/**
 * The language and the text size. From 360 px wide they sit in the bar as they are; below, they
 * fold behind one "Aa" button (CSS alone, player-page.css), so the bar is one row and card 1's
 * options start above the fold. The markup is index.html's shell bar's, so nothing moves when the
 * app takes over. A disclosure: the button says whether it is open (aria-expanded) and what it
 * opens (aria-controls); Escape closes it and gives the focus back to the button; a tap or the
 * focus anywhere else closes it too.
 */
function PlayerChoices() {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!(e.target instanceof Node) || !box.current?.contains(e.target)) setOpen(false);
    };
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);
  return (
    <div ref={box} className={open ? 'player-choices player-choices-open' : 'player-choices'}>
      <button
        ref={button}
        type="button"
        className="player-settings-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">Aa</span>
        <span className="visually-hidden">{t('frame.settings')}</span>
      </button>
      <div className="player-settings" id={id}>
        <LanguageControl />
        <TextSizeControl />
      </div>
    </div>
  );
}
