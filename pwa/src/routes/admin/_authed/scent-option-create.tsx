import { createFileRoute } from '@tanstack/react-router';
import { ScentOptionForm } from '../../../features/scent-options/scent-option-form';
import { requireAdmin } from '../../../lib/guards';

export const Route = createFileRoute('/admin/_authed/createScentCardData')({
  beforeLoad: requireAdmin,
  component: () => <ScentOptionForm />,
});
