import { createFileRoute } from '@tanstack/react-router';
import { KitLoading } from '../../features/play/kit-loading';
import { PlayScreen } from '../../features/play/play-screen';
import { appSources, loadKit } from '../../features/play/use-kit';

export const Route = createFileRoute('/_player/scent/$id')({
  // Network first, the device's copy when offline or slow (loadKit); never cached by the router:
  // each visit asks again.
  loader: ({ params, abortController }) => loadKit(params.id, appSources, abortController.signal),
  staleTime: 0,
  pendingMs: 300,
  pendingComponent: () => (
    <>
      <KitLoading />
    </>
  ),
  component: Scent,
});

function Scent() {
  const { id } = Route.useParams();
  return <PlayScreen key={id} state={Route.useLoaderData()} />;
}
