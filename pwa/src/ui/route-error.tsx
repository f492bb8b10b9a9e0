import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';

/** What a route shows when its loader failed: the reason and a retry (the list or record again). */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="notice notice-error" role="alert">
      <p>{message || 'Something went wrong. Please try again!'}</p>
      <button type="button" className="button button-small" onClick={() => void router.invalidate()}>
        Try again
      </button>
    </div>
  );
}
