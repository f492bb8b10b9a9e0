import { createFileRoute } from '@tanstack/react-router';
import { ScentOptionForm } from '../../../features/scent-options/scent-option-form';
import { requireAdmin } from '../../../lib/guards';

export const Route = createFileRoute('/admin/_authed/editScentCardData/$Id')({
  beforeLoad: requireAdmin,
  component: EditScentOption,
});

function EditScentOption() {
  const { Id } = Route.useParams();
  return <ScentOptionForm key={Id} id={Number(Id)} />;
}
