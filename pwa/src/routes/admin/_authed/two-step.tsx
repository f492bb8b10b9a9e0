import { createFileRoute } from '@tanstack/react-router';
import { TwoStepPage } from '../../../features/auth/two-step-page';

/** Two-step sign-in of the signed-in user (any role): set up, new recovery codes, turn off. */
export const Route = createFileRoute('/admin/_authed/two-step')({
  component: TwoStepPage,
});
