/**
 * The page's static shell (index.html's #shell: brand, "Loading your scent kit…", or on
 * /scent/<code> the card 1 the server drew), painted before any script. The app renders into #root,
 * which stays hidden while the shell is in the page; taking over removes the shell, so the app's
 * screen shows in the same frame, in the same place.
 */

const shellElement = () => (typeof document === 'undefined' ? null : document.getElementById('shell'));

/**
 * Removes the shell (once; later calls do nothing). The app's screen was hidden until now, so a
 * focus it asked for on its first render did not take: the element it marks `data-autofocus`
 * gets it now (unless something else already has it).
 */
export function takeOverShell(): void {
  const shell = shellElement();
  if (!shell) return;
  shell.remove();
  if (document.activeElement === document.body || document.activeElement === null) {
    document.querySelector<HTMLElement>('#root [data-autofocus]')?.focus();
  }
}

/** What the server's drawing of card 1 says about itself, when the shell holds one. */
export interface DrawnCard {
  /** The kit's code (its id), version and card 1's id the drawing was made from. */
  kit: string;
  version: number;
  cardId: number;
  /** The intensity tapped on the drawing before the app took over, if any. */
  tappedIntensity: number | null;
  /** The scent option picked on the drawing after that rating (index.html's card script), if any. */
  pickedOption: number | null;
  /** When it was picked (performance.now()), so the app's confirmation lasts no longer than its own. */
  pickedAt: number | null;
}

/** The card 1 the server drew into the shell, or null (plain shell, or already taken over). */
export function drawnCard(): DrawnCard | null {
  const section = shellElement()?.querySelector<HTMLElement>('section.play[data-card-id]');
  if (!section) return null;
  const checked = section.querySelector<HTMLInputElement>('.intensity input[type="radio"]:checked');
  const tapped = checked ? Number(checked.value) : Number.NaN;
  const picked = Number(section.dataset.picked);
  const pickedAt = Number(section.dataset.pickedAt);
  const rated = Number.isInteger(tapped);
  return {
    kit: section.dataset.kit ?? '',
    version: Number(section.dataset.version),
    cardId: Number(section.dataset.cardId),
    tappedIntensity: rated ? tapped : null,
    // A pick counts only after a rating, as on the app's card.
    pickedOption: rated && Number.isInteger(picked) && picked > 0 ? picked : null,
    pickedAt: rated && Number.isFinite(pickedAt) ? pickedAt : null,
  };
}
