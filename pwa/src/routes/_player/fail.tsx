import { createFileRoute } from '@tanstack/react-router';
import { requireOutcome } from '../../features/play/result/guards';
import { Outcome } from '../../features/play/result/outcome';

// Shows the stored result: after a Pass this address hands over to /pass.
export const Route = createFileRoute('/_player/fail')({
  staticData: { noBack: true },
  beforeLoad: requireOutcome('Fail'),
  component: Screen,
});

function Screen() {
  return <Outcome />;
}
