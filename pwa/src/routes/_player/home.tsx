import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { startNewPlayer, updatePlayer } from '../../lib/player';
import { SyncStatusPanel } from '../../offline/sync-status';
import { LegalLinks } from '../../ui/legal-links';

export const Route = createFileRoute('/_player/home')({
  staticData: { noBack: true },
  component: Home,
});

function Home() {
  const navigate = useNavigate();
  const [sendToProvider, setSendToProvider] = useState(false);
  return (
    <section className="hero">
      <p className="eyebrow">Olfactory test kit</p>
      <h1>How well can you smell?</h1>
      <p>
        Scratch each of the five scent cards in your play kit, smell it, rate how strong it is and pick what you think
        it is. It takes about three minutes.
      </p>
      <label className="check-row home-opt-in">
        <input type="checkbox" checked={sendToProvider} onChange={(e) => setSendToProvider(e.target.checked)} />
        <span>Send my result to my healthcare provider</span>
      </label>
      <button
        type="button"
        className="button button-large"
        onClick={() => {
          startNewPlayer();
          updatePlayer({ isAddOrganizationChecked: sendToProvider });
          navigate({ to: sendToProvider ? '/addOrganizationPage' : '/scanQRCode' });
        }}
      >
        Start Game
      </button>
      <p className="fine-print">
        FDA Registered Class II (510K Exempt) Medical Device. A normal result does not rule out disease and is not a
        diagnosis.
      </p>
      <SyncStatusPanel />
      <LegalLinks />
    </section>
  );
}
