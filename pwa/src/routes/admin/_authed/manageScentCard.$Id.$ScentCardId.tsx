import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../lib/guards';
import { Placeholder } from '../../../ui/placeholder';

export const Route = createFileRoute('/admin/_authed/manageScentCard/$Id/$ScentCardId')({
  beforeLoad: requireAdmin,
  component: Screen,
});

function Screen() {
  return (
    <Placeholder title="Scent Card">
      The scent card editor: name, sort order, correct answer and its five options.
    </Placeholder>
  );
}
