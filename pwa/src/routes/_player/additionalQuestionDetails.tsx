import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../ui/placeholder';

export const Route = createFileRoute('/_player/additionalQuestionDetails')({ component: Screen });

function Screen() {
  return (
    <Placeholder title="Questionnaire answers">
      Download your questionnaire answers as a PDF or get them by e-mail.
    </Placeholder>
  );
}
