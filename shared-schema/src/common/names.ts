/**
 * People's names (API.md "People's names"): one rule for players, staff and contact persons, on
 * the device and on the server. Zod-free: the player's first load reads it.
 *
 * Letters of every script with their combining marks (Devanagari vowel signs, accents), spaces,
 * hyphens and apostrophes (' and ’) — "O'Neil", "Jean-Pierre", "李雷", "Ольга-Łucja", "عبد الله",
 * "देवनागरी" — starting with a letter; a dot only right after a letter and followed by a space or
 * the end ("Jr.", "St. John"), so no web address ("www.evil.example") and no two dots in a row; no
 * digits, "@" or "://". The zero-width (non-)joiner belongs to the writing of Persian and Indic
 * names, so it is taken after the first letter.
 */
export const NAME_RE = /^\p{L}\p{M}*(?:[\p{L}\p{M} '’-]|\u200C|\u200D|(?<=[\p{L}\p{M}])\.(?= |$))*$/u;

export const isPersonName = (v: string): boolean => NAME_RE.test(v);

/**
 * A name's length as people count it: characters (code points after NFC), not UTF-16 units — "李雷"
 * is 2, "𠮷" is 1, and "é" typed as e + accent is 1.
 */
export const nameLength = (v: string): number => [...v.normalize('NFC')].length;
