import {
  CARD_NAME_MAX,
  CARDS_PER_KIT,
  cardProblems,
  type FieldErrors,
  OPTIONS_PER_CARD,
  type ScentCard,
  scentCardRequest,
} from '@scentry/shared-schema';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';
import { useForm } from '../../ui/use-form';
import type { OptionChoice } from './api';
import { byOrder, type LocalOption, moveTo, newKey, withoutOption, withPicked } from './local-options';
import { OptionGrid } from './option-grid';
import { OptionModal } from './option-modal';
import { OptionPicker } from './option-picker';
import { OptionsTable } from './options-table';
import { useSaveCard } from './queries';
import './scent-cards.css';

const CARD_ORDERS = Array.from({ length: CARDS_PER_KIT }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/** A card already in the kit (its list row): enough to default the next card's order and name. */
export interface KitCardRef {
  id: number;
  sortOrder: number;
}

interface CardValues extends Record<string, unknown> {
  name: string;
  /** The card's name for players who play in Spanish ('' for none). */
  spanishName: string;
  sortOrder: number | null;
  correct: number | null;
  options: LocalOption[];
}

/** The first card sort order of the kit no other card holds. */
function freeCardOrder(others: KitCardRef[]): number | null {
  const used = new Set(others.map((c) => c.sortOrder));
  return CARD_ORDERS.find((o) => !used.has(o.value))?.value ?? null;
}

function initialValues(card: ScentCard | null, others: KitCardRef[]): CardValues {
  // A new card defaults to the kit's next free order and a name after it ("Card 3"): both editable.
  const order = card ? card.sortOrder : freeCardOrder(others);
  return {
    name: card?.name ?? (order ? `Card ${order}` : ''),
    spanishName: card?.names.es ?? '',
    sortOrder: order,
    correct: card?.scentCardOptionResultId ?? null,
    options: (card?.scentCardOptions ?? []).map((o) => ({
      key: newKey(),
      scentCardOptionId: o.scentCardOptionId,
      scentCardOptionDetailId: o.scentCardOptionDetailId,
      sortOrder: o.sortOrder,
    })),
  };
}

/** The rules that need the whole card, on the values as held (a missing answer is the spec's 'must contain one correct Option'). */
function cardRules(v: CardValues): FieldErrors {
  const fields: FieldErrors = {};
  for (const p of cardProblems({ scentCardOptionResultId: v.correct ?? 0, scentCardOptions: v.options })) {
    fields[p.path] ??= p.message;
  }
  return fields;
}

/**
 * The scent card form (spec §2, §4): name, sort order, correct answer, and five options held on
 * this screen until Save (create and edit alike). Options come from the picture grid (one tap
 * each) or the spec's Add Option modal; they reorder by dragging or the arrow keys; the correct
 * answer is chosen among them only. Saving or cancelling returns to the kit's Scent Option Info
 * tab; "Save and add the next card" stays here with a fresh card (`onNext`).
 */
export function CardEditor({
  kit,
  card,
  choices,
  kitCards,
  onNext,
  fresh = false,
}: {
  kit: { id: number; name: string };
  card: ScentCard | null;
  choices: OptionChoice[];
  /** The kit's cards as saved (this one included when editing). */
  kitCards: KitCardRef[];
  /** After "Save and add the next card": show a new card's form. */
  onNext: () => void;
  /** Opened by "Save and add the next card" (focus goes to the heading). */
  fresh?: boolean;
}) {
  const navigate = useNavigate();
  const save = useSaveCard();
  const cardId = card?.id ?? 0;
  const others = kitCards.filter((c) => c.id !== cardId);
  // Room for another card once this one is saved: offer to go straight on to it.
  const canAddNext = others.length + 1 < CARDS_PER_KIT;
  const [editing, setEditing] = useState<LocalOption | 'new' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const next = useRef(false);
  const byId = new Map(choices.map((c) => [c.id, c]));
  const titleOf = (id: number) => byId.get(id)?.title ?? `#${id}`;
  const backToKit = (savedId?: number) =>
    navigate({
      to: '/admin/managetestkit/{-$Id}/{-$ScentCardId}',
      params: { Id: kit.id, ScentCardId: savedId ?? cardId },
    });
  const form = useForm({
    schema: scentCardRequest,
    initial: initialValues(card, others),
    toInput: (v) => ({
      id: cardId,
      testKitId: kit.id,
      name: v.name,
      names: { es: v.spanishName },
      sortOrder: v.sortOrder ?? undefined,
      scentCardOptionResultId: v.correct ?? undefined,
      scentCardOptions: byOrder(v.options).map((o) => ({
        scentCardOptionId: o.scentCardOptionId,
        scentCardOptionDetailId: o.scentCardOptionDetailId,
        sortOrder: o.sortOrder,
      })),
    }),
    check: cardRules,
    fieldOf: { 'names.es': 'spanishName' },
    submit: (data) => save.mutateAsync(data),
    title: 'Scent card',
    // spec §8: rule breaks and a server Failure or Warning are warnings titled 'Scent card'.
    toastInvalid: true,
    failureAs: 'warning',
    success: cardId > 0 ? 'Scent card updated successfully' : 'Scent card saved successfully',
    onSuccess: ({ scentCardId }) => (next.current && canAddNext ? onNext() : backToKit(scentCardId)),
  });
  const { values, errors } = form;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A card opened by "Save and add the next card" starts at the top, its heading read out.
  useEffect(() => {
    if (!fresh) return;
    window.scrollTo(0, 0);
    headingRef.current?.focus();
  }, [fresh]);

  /** A card-wide rule message shown from a refused save goes as soon as the rule holds. */
  function recheck(next: Pick<CardValues, 'options' | 'correct'>) {
    if (!errors.scentCardOptions && !errors.scentCardOptionResultId) return;
    const now = cardRules({ ...values, ...next });
    form.setErrors((e) => {
      const kept = { ...e };
      for (const key of ['scentCardOptions', 'scentCardOptionResultId']) {
        if (!now[key]) delete kept[key];
      }
      return kept;
    });
  }

  function setCorrect(id: number | null, list = values.options) {
    form.set('correct', id);
    recheck({ options: list, correct: id });
  }

  /** Sets the option list; a correct answer no longer on it is cleared (and said). */
  function setOptions(list: LocalOption[], message?: string) {
    form.set('options', list);
    setRefused(null);
    let said = message ?? '';
    let correct = values.correct;
    if (correct !== null && !list.some((o) => o.scentCardOptionDetailId === correct)) {
      said += ` ${titleOf(correct)} was the correct answer: choose another.`;
      correct = null;
      form.set('correct', null);
    }
    recheck({ options: list, correct });
    if (said) setAnnouncement(said.trim());
  }

  /** Returns the new list when the option was added (null otherwise). */
  function toggle(c: OptionChoice): LocalOption[] | null {
    const on = values.options.find((o) => o.scentCardOptionDetailId === c.id);
    if (on) {
      setOptions(withoutOption(values.options, on), `${c.title} taken off the card.`);
      return null;
    }
    const list = withPicked(values.options, c.id);
    if (!list) {
      const why = `A scent card holds ${OPTIONS_PER_CARD} options: take one off before adding ${c.title}.`;
      setRefused(why);
      setAnnouncement(why);
      return null;
    }
    const order = list.find((o) => o.scentCardOptionDetailId === c.id)?.sortOrder;
    setOptions(list, `${c.title} added as option ${order} of ${OPTIONS_PER_CARD}.`);
    return list;
  }

  function markCorrect(c: OptionChoice) {
    const on = values.options.some((o) => o.scentCardOptionDetailId === c.id);
    if (on && values.correct === c.id) {
      setCorrect(null);
      setAnnouncement(`${c.title} is no longer the correct answer.`);
      return;
    }
    const list = on ? values.options : toggle(c);
    if (!list) return;
    setCorrect(c.id, list);
    setAnnouncement(`${c.title} is the correct answer${on ? '' : `, added as an option`}.`);
  }

  // The correct answer is chosen among the card's own options, in the card's order.
  const answerChoices = byOrder(values.options).map((o) => ({
    id: o.scentCardOptionDetailId,
    title: titleOf(o.scentCardOptionDetailId),
    storedPath: '',
  }));

  return (
    <section className="stack card-editor">
      <h1 ref={headingRef} tabIndex={-1}>
        Play Kit: {kit.name} / {card ? `Edit Scent Card: ${card.name}` : 'Create Scent Card'}
      </h1>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <form
        className="stack"
        onSubmit={(e) => {
          next.current = false;
          void form.onSubmit(e);
        }}
        noValidate
      >
        <div className="form-grid">
          <Field label="Scent Card Name" maxLength={CARD_NAME_MAX} required {...form.field('name')} />
          <Field
            label="Name in Spanish (optional)"
            lang="es"
            maxLength={CARD_NAME_MAX}
            {...form.field('spanishName')}
          />
          <SelectField
            label="Sort Order"
            placeholder="Select…"
            options={CARD_ORDERS.map((o) => ({
              ...o,
              label: others.some((c) => c.sortOrder === o.value) ? `${o.label} (taken)` : o.label,
            }))}
            {...form.choice('sortOrder')}
            id="card-sort-order"
          />
          <OptionPicker
            label="Correct Answer"
            choices={answerChoices}
            searchable={false}
            placeholder={answerChoices.length ? 'Select…' : 'Choose the options first'}
            value={values.correct}
            onChange={(id) => setCorrect(id)}
            error={errors.scentCardOptionResultId}
          />
        </div>

        <div className="card-builder">
          <OptionGrid
            choices={choices}
            options={values.options}
            correct={values.correct}
            refused={refused}
            onToggle={toggle}
            onCorrect={markCorrect}
          />
          <div className="stack card-chosen">
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
              correct={values.correct}
              onEdit={setEditing}
              onRemove={(o) =>
                setOptions(
                  withoutOption(values.options, o),
                  `${titleOf(o.scentCardOptionDetailId)} taken off the card.`,
                )
              }
              onMove={(o, index) => setOptions(moveTo(values.options, o.key, index))}
              announce={setAnnouncement}
            />
            {errors.scentCardOptions && (
              <p className="field-error" role="alert">
                {errors.scentCardOptions}
              </p>
            )}
          </div>
        </div>
        <div className="actions">
          <button type="button" className="button button-ghost" onClick={() => backToKit()}>
            Cancel
          </button>
          {canAddNext && (
            // Not a submit button: Enter in a field submits with the form's one submitter, Create/Save.
            <button
              type="button"
              className="button button-ghost"
              disabled={form.busy}
              onClick={() => {
                next.current = true;
                void form.onSubmit();
              }}
            >
              Save and add the next card
            </button>
          )}
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
          onSubmit={(list) => {
            setOptions(list);
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
