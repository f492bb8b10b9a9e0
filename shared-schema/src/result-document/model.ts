import type { ResultStatus } from '../common/enums';

/**
 * What a result report says: the data behind the /result page, its PDF and its image. Built by
 * the player's result screen from the result kept on the device, by the admin's result download
 * and by the server's e-mails from the server's record, so this module knows nothing of where it
 * came from.
 */
export interface ReportCard {
  /** Position in the kit, 1-based. */
  position: number;
  cardName: string;
  /** The option the player chose (its name). */
  choiceName: string;
  /** URL path of the chosen option's picture (`/uploads/...png`), or null. */
  picture: string | null;
  right: boolean;
  /** 0–5 (INTENSITY_LABELS gives the words). */
  intensity: number;
}

export interface ReportProvider {
  name: string;
  address: string | null;
  phone: string | null;
}

export interface ReportModel {
  resultId: string;
  status: ResultStatus;
  rightAnswerCount: number;
  /** Cards in the kit (5). */
  cardCount: number;
  /** The player's full name (the placeholder until the medical form gives it). */
  playerName: string;
  /** ISO time the last card was answered (shown in America/Los_Angeles). */
  playedAt: string;
  kitName: string;
  provider: ReportProvider | null;
  age: number | null;
  gender: string | null;
  race: string | null;
  /** Reported disorders; null when the medical form was not filled ("not given"). */
  disorders: string[] | null;
  familyHistory: string[] | null;
  cards: ReportCard[];
  /** `PUBLIC_URL/verify/<result id>`: printed as a QR code and a short link. */
  verifyUrl: string;
}

/** The option pictures of a report, by URL path: PNG bytes, fetched (from the image cache) before drawing. */
export type ReportPictures = Map<string, Uint8Array>;
