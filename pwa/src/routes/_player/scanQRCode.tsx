import { createFileRoute, redirect } from '@tanstack/react-router';
import { ScanScreen } from '../../features/scanner/scan-screen';
import { getPlayer } from '../../lib/player';
import { learnPublicUrl } from '../../lib/public-url';

export const Route = createFileRoute('/_player/scanQRCode')({
  // spec §2: with no stored player the scanner sends the visitor to the start.
  beforeLoad: () => {
    if (!getPlayer()) throw redirect({ to: '/home' });
  },
  loader: () => learnPublicUrl(),
  component: ScanScreen,
});
