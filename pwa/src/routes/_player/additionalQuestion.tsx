import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../ui/placeholder';

export const Route = createFileRoute('/_player/additionalQuestion')({ component: Screen });

function Screen() {
  return <Placeholder title="Additional Questions">Five optional yes/no questions about COVID-19.</Placeholder>;
}
