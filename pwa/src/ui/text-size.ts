/**
 * The player's text size (100, 125 or 150 %), on top of the browser's own text setting: a
 * percentage of the root font size, which every rem in the styles follows. Remembered on the
 * device; index.html's boot script applies it before the first paint, the player's frame after.
 * Admin screens keep the browser's size (the frame clears it when they show).
 */
export const TEXT_SIZE_KEY = 'scentryTextSize';

export const TEXT_SIZES = [100, 125, 150] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

const isTextSize = (n: number): n is TextSize => (TEXT_SIZES as readonly number[]).includes(n);

/** The size kept on this device (100 when none, or when storage cannot be read). */
export function storedTextSize(): TextSize {
  try {
    const n = Number(localStorage.getItem(TEXT_SIZE_KEY));
    return isTextSize(n) ? n : 100;
  } catch {
    return 100;
  }
}

/** Sets the page's text size now (100 leaves the browser's own). */
export function applyTextSize(size: TextSize, root: HTMLElement = document.documentElement): void {
  root.style.fontSize = size === 100 ? '' : `${size}%`;
}

/** Keeps the size on this device and applies it. */
export function chooseTextSize(size: TextSize): void {
  try {
    if (size === 100) localStorage.removeItem(TEXT_SIZE_KEY);
    else localStorage.setItem(TEXT_SIZE_KEY, String(size));
  } catch {
    // Private mode without storage: the size still applies for this visit.
  }
  applyTextSize(size);
}
