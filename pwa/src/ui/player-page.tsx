import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The player's frame: brand bar, content, and the "Powered by" footer of the spec. */
export function PlayerPage({ children, back }: { children: ReactNode; back?: boolean }) {
  return (
    <div className="player">
      <header className="player-bar">
        {back && (
          <Link to="/home" className="icon-button" aria-label="Back to the start">
            ←
          </Link>
        )}
        <span className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" /> Scentry
        </span>
      </header>
      <main className="player-main">{children}</main>
      <footer className="player-footer">Powered by Scentry</footer>
    </div>
  );
}
