import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../ui/placeholder';

export const Route = createFileRoute('/_player/chart')({ component: Screen });

function Screen() {
  return <Placeholder title="Chart">A chart of your results.</Placeholder>;
}
