import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/additionalQuestionDetails')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Placeholder title="Questionnaire answers">
        Download your questionnaire answers as a PDF or get them by e-mail.
      </Placeholder>
    </PlayerPage>
  );
}
