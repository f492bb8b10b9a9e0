import { createFileRoute } from '@tanstack/react-router';
import { KitLoading, PlayScreen } from '../features/play/play-screen';
import { appSources, loadKit } from '../features/play/use-kit';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/scent/$id')({
  // Network first, the device's copy when offline or slow (loadKit); never cached by the router:
  // each visit asks again.
  loader: ({ params, abortController }) => loadKit(params.id, appSources, abortController.signal),
  staleTime: 0,
  pendingMs: 300,
  pendingComponent: () => (
    <PlayerPage back>
      <KitLoading />
    </PlayerPage>
  ),
  component: Scent,
});

function Scent() {
  const { id } = Route.useParams();
  return (
    <PlayerPage back>
      <PlayScreen key={id} state={Route.useLoaderData()} />
    </PlayerPage>
  );
}
