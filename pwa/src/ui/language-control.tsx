import { LANGUAGE_NAMES, LANGUAGES } from '@scentry/shared-schema';
import { useId } from 'react';
import { setLanguage, useLanguage, useT } from '../i18n';

/**
 * The player's language, in the frame's bar beside the text size: each language named in itself
 * (a Spanish speaker finds "Español" on an English screen), as radio buttons like the text size.
 * Switches at once, keeps the game, and is remembered on the device.
 */
export function LanguageControl() {
  const t = useT();
  const language = useLanguage();
  const name = useId();
  return (
    <fieldset className="language">
      <legend className="visually-hidden">{t('language.label')}</legend>
      {LANGUAGES.map((l) => (
        <label key={l} lang={l} className={l === language ? 'language-option language-on' : 'language-option'}>
          <input type="radio" name={name} value={l} checked={l === language} onChange={() => void setLanguage(l)} />
          {LANGUAGE_NAMES[l]}
        </label>
      ))}
    </fieldset>
  );
}
