import { createFileRoute } from '@tanstack/react-router';
import { requireResultForQuestionnaire } from '../../features/player-forms/questionnaire/guards';
import { QuestionnaireRoute } from '../../features/player-forms/questionnaire/questionnaire-screen';

// The five COVID-19 questions of the stored result (spec §2, §4); no stored result → /home.
export const Route = createFileRoute('/_player/additionalQuestion')({
  beforeLoad: requireResultForQuestionnaire,
  component: QuestionnaireRoute,
});
