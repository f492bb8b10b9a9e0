import { createFileRoute } from '@tanstack/react-router';
import { ScentOptionList } from '../../../features/scent-options/scent-option-list';
import { requireAdmin } from '../../../lib/guards';

export const Route = createFileRoute('/admin/_authed/scentCardData')({
  beforeLoad: requireAdmin,
  component: ScentOptionList,
});
