import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../../lib/guards';
import { Placeholder } from '../../../ui/placeholder';

export const Route = createFileRoute('/admin/_authed/testresult')({
  beforeLoad: requireStaff,
  component: Screen,
});

function Screen() {
  return <Placeholder title="Play Results">Play results with filters, details and CSV export.</Placeholder>;
}
