import { createRootRoute, Link, Outlet } from '@tanstack/react-router';
import { UpdatePrompt } from '../pwa/update-prompt';
import { ToastProvider } from '../ui/toast';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <ToastProvider>
      <Outlet />
      <UpdatePrompt />
    </ToastProvider>
  );
}

function NotFound() {
  return (
    <main className="page narrow">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/home" className="button">
        Go to the start
      </Link>
    </main>
  );
}
