import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
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
        <div className="player-choices">
          <LanguageControl />
          <TextSizeControl />
        </div>
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
