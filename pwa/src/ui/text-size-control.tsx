import { useId, useLayoutEffect, useState } from 'react';
import { useT } from '../i18n';
import { applyTextSize, chooseTextSize, storedTextSize, TEXT_SIZES } from './text-size';

/**
 * The player's text size, in the frame's bar: three choices as radio buttons (arrow keys move
 * between them; a screen reader says "Text size, 125%, selected"). Applied while a player screen
 * shows; leaving for the admin screens gives the browser's own size back.
 */
export function TextSizeControl() {
  const t = useT();
  const [size, setSize] = useState(storedTextSize);
  const name = useId();
  useLayoutEffect(() => {
    applyTextSize(size);
    return () => applyTextSize(100);
  }, [size]);
  return (
    <fieldset className="text-size">
      <legend className="visually-hidden">{t('textSize.label')}</legend>
      {TEXT_SIZES.map((n) => (
        <label key={n} className={n === size ? 'text-size-option text-size-on' : 'text-size-option'}>
          <input
            type="radio"
            name={name}
            value={n}
            checked={n === size}
            onChange={() => {
              chooseTextSize(n);
              setSize(n);
            }}
          />
          {t('textSize.size', { size: n })}
        </label>
      ))}
    </fieldset>
  );
}
