import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/scanQRCode')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Placeholder title="Scan your play kit">
        Point your camera at the QR code on your play kit to start playing its five scent cards.
      </Placeholder>
    </PlayerPage>
  );
}
