import { INTENSITY_LABELS } from '../common/enums';
import type { KitDoc } from '../sync/replies';

/**
 * The play card's own words, in one place: the app's card (pwa features/play/play-screen.tsx) and
 * the server's drawing of card 1 in the page's HTML both say them, so the two cannot drift (and the
 * translation of the player's screens finds them together).
 */
export const CARD_TEXT = {
  progress: 'Progress',
  stepWord: 'SCENT ',
  heading: (n: number) => `SCENT ${n}`,
  lead: (n: number) => `Scratch card ${n} of your kit and smell it.`,
  intensityLegend: '1. How strong is the smell?',
  choicesLegend: '2. What does it smell like?',
  rateFirst: 'Rate the strength first.',
  /** The page's static shell while the app's code loads (pwa/index.html says it too). */
  loading: 'Loading your scent kit…',
} as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML, in element content and in quoted attribute values alike. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The radio group's name in the server's drawing (the app's own card uses a React id). */
export const SHELL_INTENSITY_NAME = 'shell-intensity';

/**
 * Card 1 of `kit` as the app's play screen first shows it (no answer yet), as HTML: the same
 * elements, classes and texts as the React card, so the app takes the screen over without a jump
 * (pwa/src/features/play/first-card-markup.test.tsx compares the two). Every name is escaped.
 */
export function firstCardHtml(kit: KitDoc): string {
  const cards = [...kit.cards].sort((a, b) => a.sortOrder - b.sortOrder);
  const card = cards[0];
  if (!card) return '';
  const options = [...card.options].sort((a, b) => a.sortOrder - b.sortOrder);
  const steps = cards
    .map(
      (_c, i) =>
        `<li class="${i === 0 ? 'step current' : 'step'}"${i === 0 ? ' aria-current="step"' : ''}>` +
        `<span class="step-word">${escapeHtml(CARD_TEXT.stepWord)}</span>${i + 1}</li>`,
    )
    .join('');
  const chips = INTENSITY_LABELS.map(
    (label, value) =>
      `<label class="chip"><input type="radio" name="${SHELL_INTENSITY_NAME}" value="${value}">` +
      `<span class="chip-value">${value}</span> ${escapeHtml(label)}</label>`,
  ).join('');
  const choices = options
    .map(
      (o) =>
        `<button type="button" class="choice" aria-pressed="false">` +
        `<img src="${escapeHtml(o.storedPath)}" alt="" width="96" height="96" fetchpriority="high">` +
        `<span>${escapeHtml(o.name)}</span></button>`,
    )
    .join('');
  return (
    `<section class="play" aria-labelledby="card-title" data-card-id="${card.id}" data-kit="${escapeHtml(kit.id)}" data-version="${kit.version}">` +
    `<ol class="steps" aria-label="${CARD_TEXT.progress}">${steps}</ol>` +
    `<h1 id="card-title" tabindex="-1">${escapeHtml(CARD_TEXT.heading(1))}</h1>` +
    `<p class="lead">${escapeHtml(CARD_TEXT.lead(1))}</p>` +
    `<fieldset class="intensity"><legend>${escapeHtml(CARD_TEXT.intensityLegend)}</legend>` +
    `<div class="intensity-scale">${chips}</div></fieldset>` +
    `<fieldset class="choices" disabled=""><legend>${escapeHtml(CARD_TEXT.choicesLegend)}</legend>` +
    `<p class="hint">${escapeHtml(CARD_TEXT.rateFirst)}</p><div class="choice-grid">${choices}</div></fieldset>` +
    `<p class="play-confirm" role="status"></p></section>`
  );
}
