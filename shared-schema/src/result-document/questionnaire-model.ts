/**
 * What the questionnaire document says: the five COVID-19 questions with the player's answers,
 * who answered and when. Built by the player's questionnaire screens from the answers kept on the
 * device and by the server's e-mails from its questionnaire rows, so this module knows nothing of
 * where it came from.
 */
export interface QuestionnaireAnswerRow {
  question: string;
  /** 'Yes' or 'No' (any letter case: it is printed as Yes or No). */
  answer: string;
}

export interface QuestionnaireReportModel {
  resultId: string;
  /** The player's full name (the placeholder until the medical form gives it). */
  playerName: string;
  /** ISO time the questionnaire was answered (shown in America/Los_Angeles). */
  answeredAt: string;
  /** The play kit of the result; null when unknown ("not given"). */
  kitName: string | null;
  /** In question order. */
  answers: QuestionnaireAnswerRow[];
}
