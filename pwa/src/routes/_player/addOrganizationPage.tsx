import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProviderChoiceScreen } from '../../features/play/provider-choice/provider-choice-screen';
import { getPlayer } from '../../lib/player';

export const Route = createFileRoute('/_player/addOrganizationPage')({
  // Reached from Start Game: without player data, the start.
  beforeLoad: () => {
    if (!getPlayer()) throw redirect({ to: '/home', replace: true });
  },
  component: ProviderChoiceScreen,
});
