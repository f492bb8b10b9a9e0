import { useEffect, useId, useState } from 'react';
import {
  allowLocation,
  declineLocation,
  LOCATION_UNSUPPORTED_MSG,
  locationNotice,
  type LocationNotice as Notice,
  noteQuestionShown,
  noteUnsupportedShown,
} from './location';
import './location.css';

/**
 * Asks for the device's location once, with its reason (on /home, and above the first card for a
 * player who came straight from a printed QR code); or says once that this browser has none.
 * Never blocks anything: play goes on whatever the player does with it.
 */
export function LocationNotice({ compact = false }: { compact?: boolean }) {
  const [notice, setNotice] = useState<Notice>(null);
  const titleId = useId();

  useEffect(() => {
    let live = true;
    locationNotice().then((n) => {
      if (!live) return;
      setNotice(n);
      // Shown once: seen now, never again on this device.
      if (n === 'unsupported') noteUnsupportedShown();
    });
    return () => {
      live = false;
    };
  }, []);

  // While the question is on screen, going on without answering it counts as "Not now" (passOverLocation).
  useEffect(() => {
    if (notice !== 'ask') return;
    noteQuestionShown(true);
    return () => noteQuestionShown(false);
  }, [notice]);

  if (notice === 'unsupported') {
    return (
      <aside className={compact ? 'location location-compact' : 'location'} aria-labelledby={titleId}>
        <h2 id={titleId}>Location</h2>
        <p>{LOCATION_UNSUPPORTED_MSG}</p>
        <button type="button" className="button button-ghost" onClick={() => setNotice(null)}>
          OK
        </button>
      </aside>
    );
  }
  if (notice !== 'ask') return null;
  return (
    <aside className={compact ? 'location location-compact' : 'location'} aria-labelledby={titleId}>
      <h2 id={titleId}>Share your location?</h2>
      <p>
        Your result can carry where you played, so organizers can see results by region (country, state and city). It is
        optional: you play the same either way, and we ask only once.
      </p>
      <div className="location-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            setNotice(null);
            void allowLocation();
          }}
        >
          Allow location
        </button>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => {
            declineLocation();
            setNotice(null);
          }}
        >
          Not now
        </button>
      </div>
    </aside>
  );
}
