import { type AnswerDetailRow, CARDS_PER_KIT, type TestResultRow } from '@scentry/shared-schema';
import type { ReportModel, ReportProvider } from '@scentry/shared-schema/result-document';
import { formatResultDate } from '@scentry/shared-schema/result-document';

/** Shown in place of a player's name where the organization does not disclose it (spec §6). */
export const NAME_HIDDEN = 'Name not disclosed';

/** The player's name as the list shows it, or null where it is not disclosed. */
export function playerName(row: Pick<TestResultRow, 'firstName' | 'lastName'>): string | null {
  const name = [row.firstName, row.lastName].filter((n) => n?.trim()).join(' ');
  return name || null;
}

/**
 * The medical answers as the list words them (labels joined, API.md): the labels; `['None']` when
 * the form was filled and nothing was reported; null when the form was never filled ("not given").
 */
export function reportedLabels(
  text: string | null,
  row: Pick<TestResultRow, 'age' | 'gender' | 'race'>,
): string[] | null {
  const labels = (text ?? '')
    .split(/\s*[;|]\s*|\s*,\s+/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (labels.length) return labels;
  const formFilled = row.age !== null || row.gender !== null || row.race !== null;
  return formFilled ? ['None'] : null;
}

/** A result's verify link, as its report prints it: `PUBLIC_URL/verify/<id>`. */
export const verifyUrlFor = (publicUrl: string, id: string): string => `${publicUrl.replace(/\/+$/, '')}/verify/${id}`;

/**
 * The result report of a row of the admin's list and its answers: the report the player got,
 * from the server's record (the server's score, the names as the admin may see them, the
 * provider when one is linked), with the verification link of the result.
 */
export function buildAdminReportModel(
  row: TestResultRow,
  answers: AnswerDetailRow[],
  { provider, publicUrl }: { provider: ReportProvider | null; publicUrl: string },
): ReportModel {
  const cards = [...answers].sort((a, b) => a.cardSortOrder - b.cardSortOrder);
  return {
    resultId: row.id,
    status: row.resultStatus,
    rightAnswerCount: row.answerStatus,
    cardCount: cards.length || CARDS_PER_KIT,
    playerName: playerName(row) ?? NAME_HIDDEN,
    playedAt: row.created,
    kitName: row.testKitName,
    provider: provider ?? (row.organizationName ? { name: row.organizationName, address: null, phone: null } : null),
    age: row.age,
    gender: row.gender,
    race: row.race,
    disorders: reportedLabels(row.userDisease, row),
    familyHistory: reportedLabels(row.userFamilyDisease, row),
    cards: cards.map((c, i) => ({
      position: c.cardSortOrder > 0 ? c.cardSortOrder : i + 1,
      cardName: c.scentCardName,
      choiceName: c.answerName,
      picture: c.answerStoredPath,
      right: c.answerStatus === 'Right',
      intensity: c.smellIntensity,
    })),
    verifyUrl: verifyUrlFor(publicUrl, row.id),
  };
}

/** `Scentry-result-03-14-2026-Ann-Lee-1a2b3c4d.pdf`: one file per result, told apart by name and id. */
export function adminReportFileName(model: Pick<ReportModel, 'playedAt' | 'playerName' | 'resultId'>): string {
  const who = model.playerName === NAME_HIDDEN ? '' : `-${model.playerName.replace(/[^\p{L}\p{N}]+/gu, '-')}`;
  const date = formatResultDate(model.playedAt).replaceAll('/', '-');
  return `Scentry-result-${date}${who.replace(/-+$/, '')}-${model.resultId.slice(0, 8)}.pdf`;
}
