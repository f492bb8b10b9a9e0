import { GUEST_NAME, type LocalNames } from '@scentry/shared-schema';
import { clearAllProgress } from './play-progress';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * Until the medical form asks for real names, a result carries the shared placeholder (DESIGN.md
 * §5), stored under the spec's player-data keys.
 */
export const PLACEHOLDER_PLAYER = { FirstName: GUEST_NAME.firstName, LastName: GUEST_NAME.lastName } as const;

/**
 * Start Game (spec §2): clears the stored player and result keys of local storage only — never the
 * results waiting to upload, which live in the local database — and sets the placeholder names.
 * A play left half-way by someone else is forgotten too: the new player starts at card 1.
 */
export function startNewPlayer(): void {
  localStorage.removeItem(STORAGE_KEYS.resultData);
  clearAllProgress();
  writeJson(STORAGE_KEYS.playerData, { ...PLACEHOLDER_PLAYER });
}

export interface PlayerData {
  FirstName: string;
  LastName: string;
  organizationId?: number | null;
  isAddOrganizationChecked?: boolean;
  [key: string]: unknown;
}

export const getPlayer = (): PlayerData | null => readJson<PlayerData>(STORAGE_KEYS.playerData);

/** Merges fields into the stored player data (spec §3 keys), starting from the placeholder if none. */
export function updatePlayer(patch: Partial<PlayerData>): PlayerData {
  const next = { ...(getPlayer() ?? PLACEHOLDER_PLAYER), ...patch } as PlayerData;
  writeJson(STORAGE_KEYS.playerData, next);
  return next;
}

/** Whether the names are still the placeholder that Start Game set (not names the player gave). */
export const isPlaceholderName = (first: unknown, last: unknown): boolean =>
  first === PLACEHOLDER_PLAYER.FirstName && last === PLACEHOLDER_PLAYER.LastName;

/** A visitor straight from a printed QR code has no player yet: the placeholder names it. */
export function ensurePlayer(): PlayerData {
  const existing = getPlayer();
  if (existing) return existing;
  writeJson(STORAGE_KEYS.playerData, { ...PLACEHOLDER_PLAYER });
  return { ...PLACEHOLDER_PLAYER };
}

/** One card of a play as the result page and its report show it: the choice, never the right answer. */
export interface StoredCard {
  cardName: string;
  choiceName: string;
  /** The card's and the choice's names in other languages (kits made before have none). */
  cardNames?: LocalNames;
  choiceNames?: LocalNames;
  /** URL path of the chosen option's picture. */
  picture: string | null;
  right: boolean;
  intensity: number;
}

/**
 * The medical form of a result as this device knows it (DESIGN.md §7: the device keeps only what
 * the server accepted, so the player's report never says what the clinic's record does not).
 */
export interface MedicalRecord {
  /**
   * 'sent': the server has it (shown read-only); 'waiting': kept on this device, it uploads by
   * itself; 'refused': refused for good with `reason` — nothing was stored, so the form is offered again.
   */
  state: 'sent' | 'waiting' | 'refused';
  /** The form's values (PascalCase, as the form has them): the server's once it said what it holds. */
  values: Record<string, unknown> | null;
  /** The id the waiting form is kept under on this device (its push). */
  formId?: string;
  reason?: string;
  /** A later send was refused because details were already stored: these values are the stored ones. */
  alreadySent?: boolean;
}

/** What the screens after play show; survives a reload (router state alone would not). */
export interface StoredResult {
  testResultId: string;
  resultStatus: 'Pass' | 'Fail';
  rightAnswerCount: number;
  averageIntensity: number;
  kitName: string;
  playedAt: string;
  /** Cards of the kit, in play order (absent on results stored before the report existed). */
  cards?: StoredCard[];
  /** The organization the result was sent with. */
  organizationId?: number | null;
  /** Set once the questionnaire for this result is known to be completed. */
  questionnaireCompleted?: boolean;
  /** The medical form of this result, once given on this device. */
  medical?: MedicalRecord;
}

export const getStoredResult = (): StoredResult | null => {
  const r = readJson<StoredResult>(STORAGE_KEYS.resultData);
  return r && typeof r.testResultId === 'string' ? r : null;
};

export const setStoredResult = (r: StoredResult): void => writeJson(STORAGE_KEYS.resultData, r);
