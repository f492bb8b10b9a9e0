import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../../../lib/guards';
import { Placeholder } from '../../../../ui/placeholder';

export const Route = createFileRoute('/admin/_authed/Reports/passFailData')({
  beforeLoad: requireStaff,
  component: Screen,
});

function Screen() {
  return <Placeholder title="Pass/Fail Data">A column chart of passes and fails by month.</Placeholder>;
}
