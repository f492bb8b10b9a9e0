import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n';
import { ApiFailure } from '../lib/api';
import { keptOrganizations, loadOrganizations, type OrganizationChoice } from '../lib/organizations';
import { Spinner } from './spinner';

export type OrganizationsStatus = 'loading' | 'ready' | 'needsConnection' | 'failed';

/**
 * The providers a player may choose: the kept copy at once, fetched again when online (and kept);
 * with no copy and no connection, it says so and tries again when the device comes back online.
 */
export function useOrganizations() {
  const [items, setItems] = useState<OrganizationChoice[] | null>(keptOrganizations);
  const [status, setStatus] = useState<OrganizationsStatus>(() => (keptOrganizations() ? 'ready' : 'loading'));
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again (Retry, back online)
  useEffect(() => {
    const controller = new AbortController();
    if (!keptOrganizations()) setStatus('loading');
    loadOrganizations(controller.signal)
      .then((list) => {
        setItems(list);
        setStatus('ready');
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setStatus(err instanceof ApiFailure && err.httpStatus !== 0 ? 'failed' : 'needsConnection');
      });
    return () => controller.abort();
  }, [attempt]);

  useEffect(() => {
    if (status !== 'needsConnection') return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [status, retry]);

  return { items, status, retry };
}

interface OrganizationSelectProps {
  label: string;
  value: number | null;
  onChange: (choice: OrganizationChoice | null) => void;
  error?: string;
  /** Extra description tied to the input (a note under the field). */
  describedBy?: string;
}

/**
 * A searchable select of organizations / healthcare providers (ARIA combobox with a list): type to
 * filter, arrows to move, Enter to choose, Escape to close. The list opens in the page's flow, so
 * it is never clipped on a small screen; it works offline from the kept copy.
 */
export function OrganizationSelect({ label, value, onChange, error, describedBy }: OrganizationSelectProps) {
  const { items, status, retry } = useOrganizations();
  const t = useT();
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-list`;
  const errorId = `${baseId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const selected = items?.find((o) => o.id === value) ?? null;
  const [query, setQuery] = useState(selected?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  // Closed, the box shows the choice (or nothing): what was typed was only a filter.
  useEffect(() => {
    if (!open) setQuery(selected?.name ?? '');
  }, [open, selected?.name]);

  const needle = query.trim().toLowerCase();
  const showAll = !needle || (selected !== null && query === selected.name);
  const shown = (items ?? []).filter((o) => showAll || o.name.toLowerCase().includes(needle));
  const activeOption = open ? shown[Math.min(active, shown.length - 1)] : undefined;
  const optionId = (o: OrganizationChoice) => `${listId}-${o.id}`;

  useEffect(() => {
    if (activeOption) document.getElementById(optionId(activeOption))?.scrollIntoView({ block: 'nearest' });
  });

  function choose(o: OrganizationChoice) {
    onChange(o);
    setQuery(o.name);
    setOpen(false);
  }

  function openList() {
    setActive(Math.max(0, selected ? shown.findIndex((o) => o.id === selected.id) : 0));
    setOpen(true);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(i + 1, shown.length - 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (open) setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Enter':
        if (open && activeOption) {
          e.preventDefault();
          choose(activeOption);
        }
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          setOpen(false);
        }
        break;
    }
  }

  const unavailable = !items || items.length === 0;
  const describedByIds = [error ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field org-select">
      <label htmlFor={inputId}>{label}</label>
      <div className="org-select-box">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={unavailable ? '' : t('provider.search')}
          disabled={unavailable}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
            if (selected && e.target.value !== selected.name) onChange(null);
          }}
          onFocus={() => {
            if (!open) openList();
          }}
          onClick={() => {
            if (!open) openList();
          }}
          onBlur={() => {
            // A name typed in full (any case) counts as choosing it.
            if (!selected) {
              const exact = (items ?? []).filter((o) => o.name.toLowerCase() === needle);
              if (exact.length === 1) onChange(exact[0]);
            }
            setOpen(false);
          }}
          onKeyDown={onKeyDown}
        />
        {selected ? (
          <button
            type="button"
            className="org-select-button"
            aria-label={t('provider.clear', { label })}
            onClick={() => {
              onChange(null);
              setQuery('');
              inputRef.current?.focus();
            }}
          >
            ×
          </button>
        ) : (
          <button
            type="button"
            className="org-select-button"
            tabIndex={-1}
            aria-label={t('provider.show', { label })}
            disabled={unavailable}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              if (open) setOpen(false);
              else inputRef.current?.focus();
            }}
          >
            ▾
          </button>
        )}
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        className="org-select-list"
        hidden={!open || shown.length === 0}
      >
        {open &&
          shown.map((o) => (
            // The options are chosen from the box (aria-activedescendant, keys handled there): never focused.
            // biome-ignore lint/a11y/useFocusableInteractive: combobox pattern, the focus stays in the box
            // biome-ignore lint/a11y/useKeyWithClickEvents: combobox pattern, keys are handled by the box
            <div
              key={o.id}
              id={optionId(o)}
              role="option"
              aria-selected={o.id === value}
              className={o === activeOption ? 'org-option org-option-active' : 'org-option'}
              // Keep the focus in the box: a click must not blur it before the choice is made.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(o)}
            >
              {o.name}
            </div>
          ))}
      </div>
      {open && shown.length === 0 && !unavailable && (
        <p className="hint org-select-none">{t('provider.noMatch', { query: query.trim() })}</p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {open && !unavailable ? t('provider.count', { count: shown.length }) : ''}
      </p>
      {status === 'loading' && !items && (
        <p className="hint">
          <Spinner label={t('provider.loading')} /> {t('provider.loading')}
        </p>
      )}
      {status === 'needsConnection' && !items && (
        <div className="notice notice-warning org-select-state" data-testid="organizations-offline">
          <p>{t('provider.needsConnection')}</p>
          <button type="button" className="button button-ghost" onClick={retry}>
            {t('forms.tryAgain')}
          </button>
        </div>
      )}
      {status === 'failed' && !items && (
        <div className="notice notice-warning org-select-state">
          <p>{t('provider.loadFailed')}</p>
          <button type="button" className="button button-ghost" onClick={retry}>
            {t('forms.tryAgain')}
          </button>
        </div>
      )}
      {items && items.length === 0 && <p className="hint">{t('provider.none')}</p>}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
