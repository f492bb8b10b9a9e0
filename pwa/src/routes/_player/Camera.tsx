import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../ui/placeholder';

export const Route = createFileRoute('/_player/Camera')({ component: Screen });

function Screen() {
  return <Placeholder title="Camera">The camera view used by the scanner.</Placeholder>;
}
