import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { currentBrowser, INSTALL_HINT_KEY, installHintDevice } from './detect';
import './install-hint.css';

/** Shown in this visit already: it stays until dismissed, across the visit's screens. */
let showingThisVisit = false;

function firstDevice(): 'iPhone' | 'iPad' | null {
  const device = installHintDevice(currentBrowser());
  if (!device) return null;
  if (showingThisVisit) return device;
  try {
    return localStorage.getItem(INSTALL_HINT_KEY) ? null : device;
  } catch {
    return null;
  }
}

/**
 * Safari on iPhone and iPad may clear a site's stored data after some days without use, results
 * waiting to upload included; an app added to the home screen keeps it. A one-time hint saying so,
 * outside play (never over a card), remembered in local storage once shown.
 */
export function InstallHint() {
  const t = useT();
  const onCard = useRouterState({ select: (s) => s.location.pathname.startsWith('/scent/') });
  const [device, setDevice] = useState(firstDevice);
  const visible = device !== null && !onCard;

  useEffect(() => {
    if (!visible) return;
    showingThisVisit = true;
    try {
      localStorage.setItem(INSTALL_HINT_KEY, new Date().toISOString());
    } catch {
      // Storage refused (private mode): the hint may come again, which does no harm.
    }
  }, [visible]);

  if (!visible) return null;
  return (
    <aside className="notice install-hint" aria-labelledby="install-hint-title">
      <p id="install-hint-title" className="install-hint-title">
        {t('install.title', { device })}
      </p>
      <p className="install-hint-text">
        {t('install.text')} <ShareIcon label={t('install.shareButton')} /> {t('install.then')}{' '}
        <strong>{t('install.addToHome')}</strong>.
      </p>
      <button
        type="button"
        className="button button-ghost"
        onClick={() => {
          showingThisVisit = false;
          setDevice(null);
        }}
      >
        {t('install.gotIt')}
      </button>
    </aside>
  );
}

/** Safari's Share symbol (a box with an arrow up), as the player will look for it. */
function ShareIcon({ label }: { label: string }) {
  return (
    <svg className="install-hint-share" viewBox="0 0 20 20" width="18" height="18" role="img" aria-label={label}>
      <path d="M10 2v11M6 6l4-4 4 4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <path d="M6 9H4v9h12V9h-2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}
