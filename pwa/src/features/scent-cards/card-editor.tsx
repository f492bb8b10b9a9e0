import { CATALOGUE_MSG, OPTIONS_PER_CARD, parseRequest, placeOption, scentCardRequest } from '@scentry/shared-schema';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiFailure } from '../../lib/api';
import { useQuery } from '../../lib/use-query';
import { Field } from '../../ui/field';
import { EditIcon, TrashIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { getCard, type OptionChoice, saveCard, scentOptionChoices } from './api';
import { OptionPicker } from './option-picker';

/** An option row as the editor holds it until Save; `key` is a local id (server ids may be 0). */
interface LocalOption {
  key: string;
  scentCardOptionId: number;
  scentCardOptionDetailId: number;
  sortOrder: number;
}

let localSeq = 0;
const newKey = () => `local-${++localSeq}`;

export function CardEditor({ kitId, kitName, cardId }: { kitId: number; kitName: string; cardId: number }) {
  const navigate = useNavigate();
  const notify = useToast();
  const choices = useQuery((signal) => scentOptionChoices(signal), []);
  const card = useQuery((signal) => (cardId > 0 ? getCard(cardId, signal) : Promise.resolve(null)), [cardId]);
  const [name, setName] = useState('');
  const [sortOrder, setSortOrder] = useState<number | null>(null);
  const [correct, setCorrect] = useState<number | null>(null);
  const [options, setOptions] = useState<LocalOption[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<LocalOption | 'new' | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const c = card.data;
    if (!c) return;
    setName(c.name);
    setSortOrder(c.sortOrder);
    setCorrect(c.scentCardOptionResultId);
    setOptions(
      c.scentCardOptions.map((o) => ({
        key: newKey(),
        scentCardOptionId: o.scentCardOptionId,
        scentCardOptionDetailId: o.scentCardOptionDetailId,
        sortOrder: o.sortOrder,
      })),
    );
  }, [card.data]);

  const backToKit = (savedId?: number) =>
    navigate({
      to: '/admin/managetestkit/{-$Id}/{-$ScentCardId}',
      params: { Id: String(kitId), ScentCardId: String(savedId ?? cardId) },
    });

  const byId = new Map((choices.data ?? []).map((c) => [c.id, c]));
  const sorted = [...options].sort((a, b) => a.sortOrder - b.sortOrder);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      id: cardId,
      testKitId: kitId,
      name,
      sortOrder: sortOrder ?? undefined,
      scentCardOptionResultId: correct ?? undefined,
      scentCardOptions: sorted.map((o) => ({
        scentCardOptionId: o.scentCardOptionId,
        scentCardOptionDetailId: o.scentCardOptionDetailId,
        sortOrder: o.sortOrder,
        scentCardId: cardId,
        localId: o.key,
      })),
    };
    const check = parseRequest(scentCardRequest, body);
    if (!check.ok) {
      setErrors(check.fields);
      notify('warning', check.message, 'Scent card');
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { scentCardId } = await saveCard({ ...check.data, scentCardOptions: body.scentCardOptions });
      notify('success', cardId > 0 ? 'Scent card updated successfully' : 'Scent card saved successfully');
      backToKit(scentCardId);
    } catch (err) {
      if (err instanceof ApiFailure && err.httpStatus !== 0) notify('warning', err.message, 'Scent card');
      else notify('error', `Something went wrong: ${(err as Error).message}`, 'Scent card');
    } finally {
      setBusy(false);
    }
  }

  function removeOption(o: LocalOption) {
    // The others close ranks so orders stay 1..n.
    setOptions((list) =>
      list
        .filter((x) => x.key !== o.key)
        .map((x) => (x.sortOrder > o.sortOrder ? { ...x, sortOrder: x.sortOrder - 1 } : x)),
    );
  }

  if (card.error || choices.error) {
    return (
      <p className="notice notice-error" role="alert">
        {card.error ?? choices.error}
      </p>
    );
  }
  if (!choices.data || (cardId > 0 && !card.data)) return <Spinner label="Loading the scent card" />;

  return (
    <section className="stack">
      <h1>
        Play Kit: {kitName} / {cardId > 0 ? `Edit Scent Card: ${card.data?.name ?? ''}` : 'Create Scent Card'}
      </h1>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="form-grid">
          <Field label="Scent Card Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <div className="field">
            <label htmlFor="card-sort-order">Sort Order</label>
            <select
              id="card-sort-order"
              value={sortOrder ?? ''}
              aria-invalid={errors.sortOrder ? true : undefined}
              onChange={(e) => setSortOrder(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">Select…</option>
              {[1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            {errors.sortOrder && (
              <p className="field-error" role="alert">
                {errors.sortOrder}
              </p>
            )}
          </div>
          <OptionPicker
            label="Correct Answer"
            choices={choices.data}
            value={correct}
            onChange={setCorrect}
            error={errors.scentCardOptionResultId}
          />
        </div>

        <div className="page-head">
          <h2>
            Options ({options.length} of {OPTIONS_PER_CARD})
          </h2>
          <button
            type="button"
            className="button button-small"
            disabled={options.length >= OPTIONS_PER_CARD}
            onClick={() => setEditing('new')}
          >
            Add Option
          </button>
        </div>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Options of this scent card</caption>
            <thead>
              <tr>
                <th scope="col" className="col-action">
                  Action
                </th>
                <th scope="col">Option Name</th>
                <th scope="col">Option Order</th>
                <th scope="col" className="col-action">
                  Delete
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.length === 0 ? (
                <tr>
                  <td colSpan={4} className="table-state">
                    No options yet: a scent card needs 5.
                  </td>
                </tr>
              ) : (
                sorted.map((o) => {
                  const choice = byId.get(o.scentCardOptionDetailId);
                  return (
                    <tr key={o.key}>
                      <td className="col-action">
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={`Edit option ${choice?.title ?? ''}`}
                          onClick={() => setEditing(o)}
                        >
                          <EditIcon />
                        </button>
                      </td>
                      <td>
                        <span className="option-name">
                          {choice && <img src={choice.storedPath} alt="" width="32" height="32" className="thumb" />}
                          {choice?.title ?? `#${o.scentCardOptionDetailId}`}
                        </span>
                      </td>
                      <td>{o.sortOrder}</td>
                      <td className="col-action">
                        <button
                          type="button"
                          className="icon-button danger"
                          aria-label={`Delete option ${choice?.title ?? ''}`}
                          onClick={() => removeOption(o)}
                        >
                          <TrashIcon />
                        </button>
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
        {errors.scentCardOptions && (
          <p className="field-error" role="alert">
            {errors.scentCardOptions}
          </p>
        )}
        <div className="actions">
          <button type="button" className="button button-ghost" onClick={() => backToKit()}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : cardId > 0 ? 'Save' : 'Create'}
          </button>
        </div>
      </form>
      {editing && (
        <OptionModal
          choices={choices.data}
          options={options}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSubmit={(next) => {
            setOptions(next);
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}

function OptionModal({
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  // New options may take 1..count+1; editing offers 1..count (spec §4).
  const maxOrder = editing ? options.length : Math.min(options.length + 1, OPTIONS_PER_CARD);

  function submit() {
    const next: Record<string, string> = {};
    if (!optionId) next.option = CATALOGUE_MSG.optionRequired;
    if (!order) next.order = CATALOGUE_MSG.cardSortOrder;
    setErrors(next);
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
        <div className="field">
          <label htmlFor="option-sort-order">Sort Order</label>
          <select
            id="option-sort-order"
            value={order ?? ''}
            onChange={(e) => setOrder(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Select…</option>
            {Array.from({ length: maxOrder }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          {errors.order && (
            <p className="field-error" role="alert">
              {errors.order}
            </p>
          )}
        </div>
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
