import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { startNewPlayer } from '../../lib/player';
import { SyncStatusPanel } from '../../offline/sync-status';

export const Route = createFileRoute('/_player/home')({
  staticData: { noBack: true },
  component: Home,
});

function Home() {
  const navigate = useNavigate();
  return (
    <section className="hero">
      <p className="eyebrow">Olfactory test kit</p>
      <h1>How well can you smell?</h1>
      <p>
        Scratch each of the five scent cards in your play kit, smell it, rate how strong it is and pick what you think
        it is. It takes about three minutes.
      </p>
      <button
        type="button"
        className="button button-large"
        onClick={() => {
          startNewPlayer();
          navigate({ to: '/scanQRCode' });
        }}
      >
        Start Game
      </button>
      <p className="fine-print">
        FDA Registered Class II (510K Exempt) Medical Device. A normal result does not rule out disease and is not a
        diagnosis.
      </p>
      <SyncStatusPanel />
    </section>
  );
}
