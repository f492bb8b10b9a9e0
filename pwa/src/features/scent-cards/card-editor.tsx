import {
  CARD_NAME_MAX,
  CARDS_PER_KIT,
  OPTIONS_PER_CARD,
  type ScentCard,
  scentCardRequest,
} from '@scentry/shared-schema';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';
import { useForm } from '../../ui/use-form';
import type { OptionChoice } from './api';
import { type LocalOption, newKey, withoutOption } from './local-options';
import { OptionModal } from './option-modal';
import { OptionPicker } from './option-picker';
import { OptionsTable } from './options-table';
import { useSaveCard } from './queries';

const CARD_ORDERS = Array.from({ length: CARDS_PER_KIT }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

interface CardValues extends Record<string, unknown> {
  name: string;
  sortOrder: number | null;
  correct: number | null;
  options: LocalOption[];
}

function initialValues(card: ScentCard | null): CardValues {
  return {
    name: card?.name ?? '',
    sortOrder: card?.sortOrder ?? null,
    correct: card?.scentCardOptionResultId ?? null,
    options: (card?.scentCardOptions ?? []).map((o) => ({
      key: newKey(),
      scentCardOptionId: o.scentCardOptionId,
      scentCardOptionDetailId: o.scentCardOptionDetailId,
      sortOrder: o.sortOrder,
    })),
  };
}

/**
 * The scent card form (spec §2, §4): name, sort order, correct answer, and five options held on
 * this screen until Save (create and edit alike). Saving or cancelling returns to the kit's
 * Scent Option Info tab.
 */
export function CardEditor({
  kit,
  card,
  choices,
}: {
  kit: { id: number; name: string };
  card: ScentCard | null;
  choices: OptionChoice[];
}) {
  const navigate = useNavigate();
  const save = useSaveCard();
  const cardId = card?.id ?? 0;
  const [editing, setEditing] = useState<LocalOption | 'new' | null>(null);
  const backToKit = (savedId?: number) =>
    navigate({
      to: '/admin/managetestkit/{-$Id}/{-$ScentCardId}',
      params: { Id: kit.id, ScentCardId: savedId ?? cardId },
    });
  const form = useForm({
    schema: scentCardRequest,
    initial: initialValues(card),
    toInput: (v) => ({
      id: cardId,
      testKitId: kit.id,
      name: v.name,
      sortOrder: v.sortOrder ?? undefined,
      scentCardOptionResultId: v.correct ?? undefined,
      scentCardOptions: [...v.options]
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((o) => ({
          scentCardOptionId: o.scentCardOptionId,
          scentCardOptionDetailId: o.scentCardOptionDetailId,
          sortOrder: o.sortOrder,
        })),
    }),
    submit: (data) => save.mutateAsync(data),
    title: 'Scent card',
    // spec §8: rule breaks and a server Failure or Warning are warnings titled 'Scent card'.
    toastInvalid: true,
    failureAs: 'warning',
    success: cardId > 0 ? 'Scent card updated successfully' : 'Scent card saved successfully',
    onSuccess: ({ scentCardId }) => backToKit(scentCardId),
  });
  const { values, errors } = form;

  return (
    <section className="stack">
      <h1>
        Play Kit: {kit.name} / {card ? `Edit Scent Card: ${card.name}` : 'Create Scent Card'}
      </h1>
      <form className="stack" onSubmit={form.onSubmit} noValidate>
        <div className="form-grid">
          <Field
            label="Scent Card Name"
            value={values.name}
            maxLength={CARD_NAME_MAX}
            onChange={(e) => form.set('name', e.target.value)}
            error={errors.name}
          />
          <SelectField
            label="Sort Order"
            id="card-sort-order"
            value={values.sortOrder}
            placeholder="Select…"
            options={CARD_ORDERS}
            onChange={(n) => form.set('sortOrder', n)}
            error={errors.sortOrder}
          />
          <OptionPicker
            label="Correct Answer"
            choices={choices}
            value={values.correct}
            onChange={(id) => form.set('correct', id)}
            error={errors.scentCardOptionResultId}
          />
        </div>

        <div className="page-head">
          <h2>
            Options ({values.options.length} of {OPTIONS_PER_CARD})
          </h2>
          <button
            type="button"
            className="button button-small"
            disabled={values.options.length >= OPTIONS_PER_CARD}
            onClick={() => setEditing('new')}
          >
            Add Option
          </button>
        </div>
        <OptionsTable
          options={values.options}
          choices={choices}
          onEdit={setEditing}
          onRemove={(o) => form.set('options', withoutOption(values.options, o))}
        />
        {errors.scentCardOptions && (
          <p className="field-error" role="alert">
            {errors.scentCardOptions}
          </p>
        )}
        <div className="actions">
          <button type="button" className="button button-ghost" onClick={() => backToKit()}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={form.busy}>
            {form.busy ? 'Saving…' : cardId > 0 ? 'Save' : 'Create'}
          </button>
        </div>
      </form>
      {editing && (
        <OptionModal
          choices={choices}
          options={values.options}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSubmit={(next) => {
            form.set('options', next);
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
