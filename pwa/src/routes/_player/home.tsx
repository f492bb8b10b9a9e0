import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useT } from '../../i18n';
import { startNewPlayer, updatePlayer } from '../../lib/player';
import { SyncStatusPanel } from '../../offline/sync-status';
import { LegalLinks } from '../../ui/legal-links';

export const Route = createFileRoute('/_player/home')({
  staticData: { noBack: true },
  component: Home,
});

function Home() {
  const navigate = useNavigate();
  const t = useT();
  const [sendToProvider, setSendToProvider] = useState(false);
  return (
    <section className="hero">
      {/* The product's name on the kit: not translated. */}
      <p className="eyebrow">Olfactory test kit</p>
      <h1>{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <label className="check-row home-opt-in">
        <input type="checkbox" checked={sendToProvider} onChange={(e) => setSendToProvider(e.target.checked)} />
        <span>{t('home.sendToProvider')}</span>
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
        {t('home.start')}
      </button>
      {/* The device's registration stays as registered (English); the advice is the player's language. */}
      <p className="fine-print">FDA Registered Class II (510K Exempt) Medical Device. {t('home.disclaimer')}</p>
      <SyncStatusPanel />
      <LegalLinks />
    </section>
  );
}
