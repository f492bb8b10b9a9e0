import { createFileRoute, redirect } from '@tanstack/react-router';

// /Camera opens the scanner. The scanner keeps its own guard: a visitor without player data goes
// on to /home from there (spec §2).
export const Route = createFileRoute('/_player/Camera')({
  beforeLoad: () => {
    throw redirect({ to: '/scanQRCode', replace: true });
  },
});
