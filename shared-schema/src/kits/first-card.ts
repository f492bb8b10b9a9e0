import { INTENSITY_LABELS } from '../common/enums';
import type { Translate } from '../i18n/catalogue';
import type { Language } from '../i18n/languages';
import { nameIn } from '../i18n/local-names';
import { intensityLabel } from '../i18n/values';
import type { KitDoc } from '../sync/replies';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML, in element content and in quoted attribute values alike. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The radio group's name in the server's drawing (the app's own card uses a React id). */
export const SHELL_INTENSITY_NAME = 'shell-intensity';

/**
 * Card 1 of `kit` as the app's play screen first shows it (no answer yet), as HTML: the same
 * elements, classes and texts as the React card, so the app takes the screen over without a jump
 * (pwa/src/features/play/first-card-markup.test.tsx compares the two), in the language of `t` (the
 * request's: cookie `scentryLang`, else Accept-Language), options named in `language` when staff
 * named them so. Every name and message is escaped. It is
 * a working form before the app has started: index.html's card script takes a rating and a pick on
 * it (each option says its scent option in `data-option`), and the app takes both over.
 */
export function firstCardHtml(kit: KitDoc, t: Translate, language: Language = 'en'): string {
  const cards = [...kit.cards].sort((a, b) => a.sortOrder - b.sortOrder);
  const card = cards[0];
  if (!card) return '';
  const options = [...card.options].sort((a, b) => a.sortOrder - b.sortOrder);
  const steps = cards
    .map(
      (_c, i) =>
        `<li class="${i === 0 ? 'step current' : 'step'}"${i === 0 ? ' aria-current="step"' : ''}>` +
        `<span class="step-word">${escapeHtml(t('card.stepWord'))}</span>${i + 1}</li>`,
    )
    .join('');
  const chips = INTENSITY_LABELS.map(
    (_label, value) =>
      `<label class="chip"><input type="radio" name="${SHELL_INTENSITY_NAME}" value="${value}">` +
      `<span class="chip-value">${value}</span> ${escapeHtml(intensityLabel(t, value))}</label>`,
  ).join('');
  const choices = options
    .map(
      (o) =>
        `<button type="button" class="choice" aria-pressed="false" data-option="${o.scentOptionId}">` +
        `<img src="${escapeHtml(o.storedPath)}" alt="" width="96" height="96" fetchpriority="high">` +
        `<span>${escapeHtml(nameIn(language, o.name, o.names))}</span></button>`,
    )
    .join('');
  return (
    `<section class="play" aria-labelledby="card-title" data-card-id="${card.id}" data-kit="${escapeHtml(kit.id)}" data-version="${kit.version}">` +
    `<ol class="steps" aria-label="${escapeHtml(t('card.progress'))}">${steps}</ol>` +
    `<h1 id="card-title" tabindex="-1">${escapeHtml(t('card.heading', { number: 1 }))}</h1>` +
    `<p class="lead">${escapeHtml(t('card.lead', { number: 1 }))}</p>` +
    `<fieldset class="intensity"><legend>${escapeHtml(t('card.intensityLegend'))}</legend>` +
    `<div class="intensity-scale">${chips}</div></fieldset>` +
    `<fieldset class="choices" disabled=""><legend>${escapeHtml(t('card.choicesLegend'))}</legend>` +
    `<p class="hint">${escapeHtml(t('card.rateFirst'))}</p><div class="choice-grid">${choices}</div></fieldset>` +
    `<p class="play-confirm" role="status"></p></section>`
  );
}
