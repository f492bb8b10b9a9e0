import { createFileRoute } from '@tanstack/react-router';
import { DetailsRoute } from '../../features/player-forms/questionnaire/details-screen';
import { requireKeptAnswers } from '../../features/player-forms/questionnaire/guards';

// The questionnaire answers kept on this device, as a PDF or by e-mail (spec §2); no answers → /result.
export const Route = createFileRoute('/_player/additionalQuestionDetails')({
  beforeLoad: requireKeptAnswers,
  component: DetailsRoute,
});
