import { createFileRoute } from '@tanstack/react-router';
import { PlayScreen } from '../features/play/play-screen';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/scent/$id')({ component: Scent });

function Scent() {
  const { id } = Route.useParams();
  return (
    <PlayerPage back>
      <PlayScreen key={id} code={id} />
    </PlayerPage>
  );
}
