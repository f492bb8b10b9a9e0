import {
  CARDS_PER_KIT,
  parseRequest,
  type ScentCardListRow,
  type TestKit,
  testKitRequest,
} from '@scentry/shared-schema';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ApiFailure } from '../../lib/api';
import { useQuery } from '../../lib/use-query';
import { ConfirmDialog } from '../../ui/confirm';
import { type Column, DataTable } from '../../ui/data-table';
import { Field } from '../../ui/field';
import { EditIcon, TrashIcon } from '../../ui/icons';
import { useConfirmDelete } from '../../ui/paged-list';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { deleteCard, getKit, listCards, saveKit } from './api';

type Tab = 'info' | 'cards';

export function KitEditor({ kitId, openCards }: { kitId?: number; openCards: boolean }) {
  const navigate = useNavigate();
  const notify = useToast();
  const [tab, setTab] = useState<Tab>(kitId && openCards ? 'cards' : 'info');
  const kit = useQuery((signal) => (kitId ? getKit(kitId, signal) : Promise.resolve(null)), [kitId]);

  useEffect(() => {
    if (kitId && kit.error) {
      // spec §8: kit not found → warning, back to the list.
      notify('warning', kit.error, 'Play Kit');
      navigate({ to: '/admin/testKit' });
    }
  }, [kit.error, kitId, navigate, notify]);

  useEffect(() => setTab(kitId && openCards ? 'cards' : 'info'), [kitId, openCards]);

  const tabs: { id: Tab; label: string; disabled: boolean }[] = [
    { id: 'info', label: 'Play Kit Info', disabled: false },
    { id: 'cards', label: 'Scent Option Info', disabled: !kitId },
  ];
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ info: null, cards: null });

  function onTabKey(e: KeyboardEvent) {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const enabled = tabs.filter((t) => !t.disabled);
    const i = enabled.findIndex((t) => t.id === tab);
    const next = enabled[(i + (e.key === 'ArrowRight' ? 1 : enabled.length - 1)) % enabled.length];
    setTab(next.id);
    tabRefs.current[next.id]?.focus();
  }

  if (kitId && !kit.data) return kit.error ? null : <Spinner label="Loading the play kit" />;

  return (
    <section className="stack">
      <div className="page-head">
        <h1>{kit.data ? `Play Kit: ${kit.data.name}` : 'Create Play Kit'}</h1>
        <Link to="/admin/testKit" className="button button-ghost">
          Back to Play Kits
        </Link>
      </div>
      <div role="tablist" aria-label="Play kit" className="tabs" onKeyDown={onTabKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            disabled={t.disabled}
            title={t.disabled ? 'Save the play kit first' : undefined}
            className="tab"
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'info' ? (
          <KitInfoForm
            kit={kit.data}
            onSaved={(id, created) => {
              if (created) {
                // spec §4: a new kit switches to edit mode and opens the Scent Option Info tab.
                navigate({
                  to: '/admin/managetestkit/{-$Id}/{-$ScentCardId}',
                  params: { Id: String(id), ScentCardId: '0' },
                });
              } else kit.reload();
            }}
          />
        ) : (
          kit.data && <CardList kit={kit.data} onChanged={kit.reload} />
        )}
      </div>
    </section>
  );
}

function KitInfoForm({ kit, onSaved }: { kit: TestKit | null; onSaved: (id: number, created: boolean) => void }) {
  const notify = useToast();
  const [name, setName] = useState(kit?.name ?? '');
  const [passThreshold, setPassThreshold] = useState(kit?.passThreshold ?? 4);
  const [isActive, setIsActive] = useState(kit?.isActive ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const renamed = Boolean(kit && name.trim() && name.trim() !== kit.name);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const check = parseRequest(testKitRequest, { id: kit?.id ?? 0, name, passThreshold, isActive });
    if (!check.ok) {
      setErrors(check.fields);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { testKitId } = await saveKit(check.data);
      notify('success', kit ? 'Play kit updated successfully' : 'Play kit saved successfully');
      onSaved(testKitId, !kit);
    } catch (err) {
      notify(err instanceof ApiFailure && err.isWarning ? 'warning' : 'error', (err as Error).message, 'Play Kit');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="kit-info">
      <form className="stack narrow-form" onSubmit={submit} noValidate>
        <Field
          label="Play kit name (its code)"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          autoCapitalize="characters"
          spellCheck={false}
        />
        {renamed && (
          <p className="notice notice-warning" role="status">
            Renaming changes the kit's QR code: codes already printed for “{kit?.name}” will stop working.
          </p>
        )}
        <div className="field">
          <label htmlFor="pass-threshold">Pass threshold</label>
          <select id="pass-threshold" value={passThreshold} onChange={(e) => setPassThreshold(Number(e.target.value))}>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {n} of 5 correct
              </option>
            ))}
          </select>
        </div>
        <label className="switch">
          <input type="checkbox" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />
          <span>Active (players can play it)</span>
        </label>
        {kit && !kit.playable && (
          <p className="hint">
            To activate, the kit needs 5 scent cards (sort orders 1 to 5), each with 5 options and a correct answer. It
            has {kit.cardCount} of {CARDS_PER_KIT}.
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Saving…' : kit ? 'Save' : 'Create'}
          </button>
        </div>
      </form>
      {kit && <QrPanel kit={kit} />}
    </div>
  );
}

function QrPanel({ kit }: { kit: TestKit }) {
  function print() {
    const w = window.open('', '_blank', 'width=600,height=700');
    if (!w) return;
    w.document.title = `Play kit ${kit.name}`;
    const fig = w.document.createElement('figure');
    fig.style.cssText = 'text-align:center;font-family:sans-serif;margin:2rem';
    const img = w.document.createElement('img');
    img.src = kit.qrCode;
    img.width = 360;
    img.alt = `QR code of play kit ${kit.name}`;
    const cap = w.document.createElement('figcaption');
    cap.textContent = `${kit.name} — ${kit.qrCodeURL}`;
    fig.append(img, cap);
    w.document.body.append(fig);
    img.onload = () => w.print();
  }
  return (
    <figure className="qr-panel">
      <img src={kit.qrCode} alt={`QR code of play kit ${kit.name}`} width="220" height="220" />
      <figcaption>
        <code>{kit.qrCodeURL}</code>
      </figcaption>
      <div className="actions">
        <a className="button button-small" href={kit.qrCode} download={`scentry-kit-${kit.name}-qr.png`}>
          Download QR code
        </a>
        <button type="button" className="button button-small button-ghost" onClick={print}>
          Print
        </button>
      </div>
    </figure>
  );
}

function CardList({ kit, onChanged }: { kit: TestKit; onChanged: () => void }) {
  const cards = useQuery((signal) => listCards(kit.id, signal), [kit.id, kit.version]);
  const del = useConfirmDelete(
    (c: ScentCardListRow) => deleteCard(c.id),
    (c) => c.name,
    onChanged,
  );

  const columns: Column<ScentCardListRow>[] = [
    {
      header: 'Edit',
      className: 'col-action',
      cell: (c) => (
        <Link
          to="/admin/manageScentCard/$Id/$ScentCardId"
          params={{ Id: String(kit.id), ScentCardId: String(c.id) }}
          className="icon-button"
          aria-label={`Edit ${c.name}`}
        >
          <EditIcon />
        </Link>
      ),
    },
    { header: 'Scent Card Page', cell: (c) => c.name },
    { header: 'Sort Order', cell: (c) => c.sortOrder },
    { header: 'Correct Answer', cell: (c) => c.title ?? '—' },
    { header: 'Options', cell: (c) => `${c.optionCount} / 5` },
    {
      header: 'Delete',
      className: 'col-action',
      cell: (c) => (
        <button type="button" className="icon-button danger" aria-label={`Delete ${c.name}`} onClick={() => del.ask(c)}>
          <TrashIcon />
        </button>
      ),
    },
  ];
  const full = (cards.data?.totalCount ?? 0) >= CARDS_PER_KIT;
  return (
    <div className="stack">
      <div className="page-head">
        <h2>Scent cards</h2>
        {full ? (
          <span className="hint">This kit has all 5 scent cards.</span>
        ) : (
          <Link
            to="/admin/manageScentCard/$Id/$ScentCardId"
            params={{ Id: String(kit.id), ScentCardId: '0' }}
            className="button"
          >
            Add Scent Card
          </Link>
        )}
      </div>
      <DataTable
        caption={`Scent cards of ${kit.name}`}
        columns={columns}
        rows={cards.data?.list ?? null}
        rowKey={(c) => c.id}
        error={cards.error}
        onRetry={cards.reload}
        empty="No scent cards yet: a kit needs 5."
      />
      <ConfirmDialog {...del.dialog} />
    </div>
  );
}
