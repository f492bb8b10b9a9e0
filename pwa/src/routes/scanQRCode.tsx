import { createFileRoute } from '@tanstack/react-router';
import { ScanScreen } from '../features/scanner/scan-screen';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/scanQRCode')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <ScanScreen />
    </PlayerPage>
  );
}
