import { CATALOGUE_MSG, OPTIONS_PER_CARD, placeOption } from '@scentry/shared-schema';
import { useState } from 'react';
import { Modal } from '../../ui/modal';
import { SelectField } from '../../ui/select-field';
import { useToast } from '../../ui/toast';
import type { OptionChoice } from './api';
import { type LocalOption, newKey } from './local-options';
import { OptionPicker } from './option-picker';

/** The modal's required fields: an option and its order. */
function missing(optionId: number | null, order: number | null): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!optionId) errors.option = CATALOGUE_MSG.optionRequired;
  if (!order) errors.order = CATALOGUE_MSG.cardSortOrder;
  return errors;
}

/** Add Option / Edit Option (spec §2): a scent option and its order; a used order is refused when adding. */
export function OptionModal({
  choices,
  options,
  editing,
  onClose,
  onSubmit,
}: {
  choices: OptionChoice[];
  options: LocalOption[];
  editing: LocalOption | null;
  onClose: () => void;
  onSubmit: (options: LocalOption[]) => void;
}) {
  const notify = useToast();
  const [optionId, setOptionId] = useState<number | null>(editing?.scentCardOptionDetailId ?? null);
  const [order, setOrder] = useState<number | null>(editing?.sortOrder ?? null);
  // After a refused Submit the messages follow the values (gone as soon as a field is fixed), as
  // useForm's do; none before.
  const [tried, setTried] = useState(false);
  const errors: Record<string, string> = tried ? missing(optionId, order) : {};
  // New options may take 1..count+1; editing offers 1..count (spec §4).
  const maxOrder = editing ? options.length : Math.min(options.length + 1, OPTIONS_PER_CARD);

  function submit() {
    setTried(true);
    if (!optionId || !order) return;
    if (options.some((o) => o.scentCardOptionDetailId === optionId && o.key !== editing?.key)) {
      notify('warning', CATALOGUE_MSG.optionReused, 'Scent card');
      return;
    }
    const option: LocalOption = editing
      ? { ...editing, scentCardOptionDetailId: optionId }
      : { key: newKey(), scentCardOptionId: 0, scentCardOptionDetailId: optionId, sortOrder: order };
    const placed = placeOption(options, option, order);
    if (!placed.ok) {
      notify('warning', placed.message, 'Scent card');
      return;
    }
    onSubmit(placed.options);
  }

  return (
    <Modal open title={editing ? 'Edit Option' : 'Add Option'} onClose={onClose}>
      <div className="stack">
        <OptionPicker
          label="Option Name"
          choices={choices}
          value={optionId}
          onChange={setOptionId}
          error={errors.option}
        />
        <SelectField
          label="Sort Order"
          id="option-sort-order"
          value={order}
          placeholder="Select…"
          options={Array.from({ length: maxOrder }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
          onChange={setOrder}
          error={errors.order}
        />
        <div className="actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button" onClick={submit}>
            Submit
          </button>
        </div>
      </div>
    </Modal>
  );
}
