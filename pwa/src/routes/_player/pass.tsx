import { createFileRoute } from '@tanstack/react-router';
import { requireOutcome } from '../../features/play/result/guards';
import { Outcome } from '../../features/play/result/outcome';

// Shows the stored result: after a Fail this address hands over to /fail.
export const Route = createFileRoute('/_player/pass')({
  staticData: { noBack: true },
  beforeLoad: requireOutcome('Pass'),
  component: Screen,
});

function Screen() {
  return <Outcome />;
}
