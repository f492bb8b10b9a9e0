import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../../features/auth/login-form';
import { type EventKitSource, EventSetup } from '../../features/event/event-setup';
import { EventStart } from '../../features/event/event-start';
import { fetchKit } from '../../features/play/api';
import { appSources, keepKitOnDevice } from '../../features/play/use-kit';
import { currentLanguage } from '../../i18n';
import { useEvent } from '../../lib/event-mode';

/**
 * /event/<code> (issue #23): before the event, staff set it up; while it is on, the event's start
 * screen (the root's guard sends every other address here between players).
 */
export const Route = createFileRoute('/_player/event/$code')({
  staticData: { noBack: true },
  component: EventPage,
});

/** The play path's own lookup (the kit pull by code) and storage (the kit and its pictures). */
const kitSource: EventKitSource = {
  fetch: async (code, signal) => {
    const found = await fetchKit(code, signal);
    return found.kind === 'kit' && found.kit.cards.length > 0 ? found.kit : null;
  },
  keep: (kit) => keepKitOnDevice(kit, appSources),
};

function EventPage() {
  const { code } = Route.useParams();
  const event = useEvent();
  if (event) return <EventStart event={event} signIn={(onSignedIn) => <LoginForm onSignedIn={onSignedIn} />} />;
  return (
    <EventSetup
      code={code}
      source={kitSource}
      language={currentLanguage()}
      onSignedOut={() => import('../../lib/query').then((m) => m.queryClient.clear())}
    />
  );
}
