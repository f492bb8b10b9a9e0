import { Spinner } from '../../ui/spinner';

/** While the play route's loader looks for the kit (kept small: it is in the router's own chunk). */
export function KitLoading() {
  return (
    <p className="center">
      <Spinner label="Loading your play kit" /> Loading your play kit…
    </p>
  );
}
