import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../ui/placeholder';

export const Route = createFileRoute('/_player/addOrganizationPage')({ component: Screen });

function Screen() {
  return <Placeholder title="Your Profile">Choose a healthcare provider to forward your results to.</Placeholder>;
}
