import { useId, useState } from 'react';
import { useT } from '../i18n';
import { isHistoryOn, list, record, setHistoryOn } from '../lib/history';
import type { StoredResult } from '../lib/player';
import { ConfirmDialog } from './confirm';

interface HistorySwitchProps {
  /** The result on screen: switching on records it at once, so it is not lost. */
  current?: StoredResult | null;
  /** Called after the switch changed what is kept. */
  onChange?: (on: boolean) => void;
}

/**
 * "Keep my results on this phone": the player's opt-in to a history on this device (off by
 * default, so a shared phone shows nobody's results). Turning it off deletes the kept results,
 * after asking when there are any.
 */
export function HistorySwitch({ current, onChange }: HistorySwitchProps) {
  const t = useT();
  const [on, setOn] = useState(isHistoryOn);
  const [asking, setAsking] = useState(false);
  const hintId = useId();

  function turnOn() {
    setHistoryOn(true);
    if (current) record(current);
    setOn(true);
    onChange?.(true);
  }

  function turnOff() {
    setHistoryOn(false);
    setOn(false);
    setAsking(false);
    onChange?.(false);
  }

  return (
    <div className="history-switch">
      <label className="switch history-switch-label">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          aria-describedby={hintId}
          onChange={(e) => {
            if (e.target.checked) turnOn();
            else if (list().length > 0) setAsking(true);
            else turnOff();
          }}
        />
        {t('history.switch')}
      </label>
      <p id={hintId} className="hint">
        {on ? t('history.switchOn') : t('history.switchOff')}
      </p>
      <ConfirmDialog
        open={asking}
        title={t('history.stopTitle')}
        message={t('history.stopMessage')}
        confirmLabel={t('history.stopConfirm')}
        cancelLabel={t('history.stopCancel')}
        onConfirm={turnOff}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
