import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../ui/placeholder';

export const Route = createFileRoute('/_player/result')({ component: Screen });

function Screen() {
  return (
    <Placeholder title="Your result">
      Your Passed or Failed result, with PDF, image, wallet pass and e-mail.
    </Placeholder>
  );
}
