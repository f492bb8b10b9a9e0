import type { Language } from './languages';

/**
 * Names in the player's language (API.md "Names in the player's language"): a scent option's or a
 * scent card's name in the languages other than its own (English), `{es?}`. Zod-free: the
 * player's first load reads it.
 */
export type LocalNames = { es?: string };

/** The languages a name may be given in besides its own. */
export const LOCAL_NAME_LANGUAGES = ['es'] as const satisfies readonly Exclude<Language, 'en'>[];

/** The name in `language` when staff gave one, else the name itself. */
export function nameIn(language: Language, name: string, names?: LocalNames | null): string {
  const local = language === 'en' ? undefined : names?.[language];
  return local?.trim() ? local : name;
}

/** `names` as stored (JSON text, or null for none) → `{es?}` with only the names given. */
export function readLocalNames(stored: string | null | undefined): LocalNames {
  if (!stored) return {};
  try {
    const parsed = JSON.parse(stored) as Record<string, unknown>;
    const names: LocalNames = {};
    for (const language of LOCAL_NAME_LANGUAGES) {
      const v = parsed?.[language];
      if (typeof v === 'string' && v.trim()) names[language] = v;
    }
    return names;
  } catch {
    return {};
  }
}

/** `{es?}` → what is stored: JSON text, or null when no name is given. */
export function storedLocalNames(names: LocalNames | null | undefined): string | null {
  const given = Object.fromEntries(
    LOCAL_NAME_LANGUAGES.filter((l) => names?.[l]?.trim()).map((l) => [l, names?.[l] as string]),
  );
  return Object.keys(given).length ? JSON.stringify(given) : null;
}
