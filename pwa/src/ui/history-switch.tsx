import { useId, useState } from 'react';
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
        Keep my results on this phone
      </label>
      <p id={hintId} className="hint">
        {on
          ? 'Each play you finish here is added to your results. Turn this off to delete them from this phone.'
          : 'Off: past results are not kept here, so a shared phone shows nobody’s history.'}
      </p>
      <ConfirmDialog
        open={asking}
        title="Stop keeping results?"
        message="Your kept results will be deleted from this phone. Results already sent are not affected."
        confirmLabel="Delete my results"
        onConfirm={turnOff}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
